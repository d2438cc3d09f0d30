import { z } from './zod';

/*
 * The error format's schema, apart from ./errors.ts: the api layer reads error bodies in the
 * first load with `readErrorBody` (./errors.ts), which must not bring zod along.
 */

export const ErrorDetail = /* @__PURE__ */ z.looseObject({
  path: /* @__PURE__ */ z.string(),
  message: /* @__PURE__ */ z.string(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** Error body of the reference server (DESIGN.md decision 7). */
export const ErrorBody = /* @__PURE__ */ z.looseObject({
  // Inner calls marked too: an unused schema is dropped from a bundle only when every call building it is.
  error: /* @__PURE__ */ z.looseObject({
    code: /* @__PURE__ */ z.string(),
    message: /* @__PURE__ */ z.string(),
    details: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(ErrorDetail)),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
