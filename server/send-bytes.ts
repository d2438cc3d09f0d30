import type { FastifyReply } from 'fastify';

const asIs = (payload: unknown) => payload as string;

/**
 * Sends bytes already encoded (a cached jobs page, a static file) as they are. Fastify does
 * that for a Buffer by itself in Node, but it recognises one by `payload.buffer instanceof
 * ArrayBuffer`, which is false under the component tests' jsdom (another realm's ArrayBuffer):
 * there a JSON response would be the Buffer object JSON-encoded. The identity serializer makes
 * "already serialised" explicit, so both paths send the same bytes.
 */
export function sendBytes(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.serializer(asIs).send(body);
}
