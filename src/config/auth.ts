import { z } from '../contract/zod';

/**
 * config.json's `auth` when it is `oidc`: sign-in through the organisation's identity provider
 * (Authorization Code with PKCE; src/app/oidc-session.ts). Read here, by the chunk that signs
 * in, so that deployments that paste tokens never load it.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- the config file's rule for whoever deploys (English, as the schema's other rules)
const text = z.string('must be text').check(z.minLength(1, 'must not be empty'));
const OidcAuth = z.object({
  type: z.literal('oidc', 'must be "oidc"'),
  /** The issuer, e.g. https://idp.example/realms/dispatch: its discovery document is read from there. */
  authority: z
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the config file's rule, in English (as the schema's)
    .string('must be the provider’s issuer URL')
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the config file's rule, in English (as the schema's)
    .check(z.regex(/^https?:\/\/[^/]/, 'must be the provider’s http(s) issuer URL')),
  /** The client registered for the dashboard (a public client: no secret). */
  clientId: text,
  // eslint-disable-next-line lingui/no-unlocalized-strings -- OAuth scopes, not text
  scope: z._default(text, 'openid profile offline_access'),
  /** The API the tokens are for, where the provider asks for it (Auth0's `audience`). */
  audience: z.optional(text),
});
export type OidcAuth = z.infer<typeof OidcAuth>;

/**
 * The `auth` object as sign-in through a provider needs it, or an error naming the field (the
 * app shows it on the screen that names config.json, as for the rest of the file).
 */
export function readOidcAuth(auth: unknown): OidcAuth {
  const parsed = OidcAuth.safeParse(auth);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0]!;
  throw new Error(`auth.${first.path.join('.')}: ${first.message}`);
}
