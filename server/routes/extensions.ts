/**
 * The optional extension for scale (docs/design.md, "Extensions"; OPTIONAL in the OpenAPI
 * document): the changes of jobs since a cursor, as pages and as a stream, and a search of all
 * jobs. Registered only when the extension is on (`extensions` of buildServer, EXTENSIONS of
 * the environment); when off, these paths are unknown (404), as on a bare service.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { JobChangesQuery, JobSearchQuery, JobStreamQuery, issuesToDetails } from '../../src/contract';
import type { z } from '../../src/contract/zod';
import { ApiError } from '../errors';
import { changesJson, type JobChanges } from '../repo/job-changes';
import type { JobSearch } from '../repo/job-search';
import { jsonWithBranches, type BranchEmbed } from '../repo/jobs';
import { Representation, sendRepresentation } from '../representation';
import { BranchEmbedParam } from './jobs';
import { rejectOtherMethods } from './method-not-allowed';

const JSON_TYPE = 'application/json; charset=utf-8';
const NO_CACHE = { 'Cache-Control': 'private, no-cache' };

/** How often open streams look for new changes (one query of one row when there are none). */
export const STREAM_POLL_MS = 200;
/** A comment line this often keeps proxies and idle timeouts from closing a quiet stream. */
export const STREAM_HEARTBEAT_MS = 15_000;
/** Changes read per batch of a stream. */
const STREAM_BATCH = 200;

function parseQuery<T extends z.ZodMiniType>(
  schema: T,
  request: FastifyRequest,
): z.infer<T> & { branch_embed: BranchEmbed } {
  const { branch_embed: rawEmbed, ...query } = request.query as Record<string, unknown>;
  const embed = BranchEmbedParam.safeParse(rawEmbed === '' ? undefined : rawEmbed);
  if (!embed.success) {
    throw new ApiError(
      400,
      'The parameters are invalid',
      issuesToDetails(embed.error.issues, ['branch_embed']),
    );
  }
  const parsed = schema.safeParse(query);
  if (!parsed.success)
    throw new ApiError(400, 'The parameters are invalid', issuesToDetails(parsed.error.issues));
  return { ...(parsed.data as object), branch_embed: embed.data } as z.infer<T> & {
    branch_embed: BranchEmbed;
  };
}

export interface ExtensionDeps {
  changes: JobChanges;
  search: JobSearch;
  /** Called with a function that ends every open stream; buildServer runs it when draining starts. */
  onShutdown: (closeStreams: () => void) => void;
}

export function registerExtensionRoutes(api: FastifyInstance, deps: ExtensionDeps): void {
  api.get('/jobs/changes', async (request, reply) => {
    const { since, limit, branch_embed: embed } = parseQuery(JobChangesQuery, request);
    const page = deps.changes.read(deps.changes.positionOf(since), limit, embed);
    const json = Buffer.from(changesJson(page));
    return sendRepresentation(request, reply, new Representation(json, JSON_TYPE), NO_CACHE);
  });
  rejectOtherMethods(api, '/jobs/changes', ['GET']);

  api.get('/jobs/search', async (request, reply) => {
    const { q, limit, branch_embed: embed } = parseQuery(JobSearchQuery, request);
    const json = deps.search.json(q, limit, embed);
    return sendRepresentation(request, reply, new Representation(Buffer.from(json), JSON_TYPE), NO_CACHE);
  });
  rejectOtherMethods(api, '/jobs/search', ['GET']);

  const streams = new ChangeStreams(deps.changes);
  deps.onShutdown(() => streams.closeAll());
  api.get('/jobs/stream', async (request, reply) => {
    const { since, branch_embed: embed } = parseQuery(JobStreamQuery, request);
    const lastEventId = request.headers['last-event-id'];
    const resumeFrom = typeof lastEventId === 'string' && lastEventId !== '' ? lastEventId : since;
    const position =
      resumeFrom === undefined
        ? deps.changes.positionOf(deps.changes.current())
        : deps.changes.positionOf(resumeFrom);
    streams.open(request, reply, position, embed);
  });
  rejectOtherMethods(api, '/jobs/stream', ['GET']);
}

interface Batch {
  /** The batch's events as sent. */
  events: string[];
  nextPosition: number;
  hasMore: boolean;
}

interface Stream {
  position: number;
  embed: BranchEmbed;
  reply: FastifyReply;
  busy: boolean;
  heartbeat: NodeJS.Timeout;
}

/**
 * The open streams of changes: `text/event-stream`, one event per changed job (`id:` its
 * cursor, `data:` `{cursor, job}` as in the changes read), resumable from the last id. While
 * any is open one timer looks for new changes and feeds every stream from its own position,
 * waiting for a slow client's socket to drain rather than buffering without end.
 */
class ChangeStreams {
  private readonly streams = new Set<Stream>();
  private timer: NodeJS.Timeout | undefined;
  private seen = '';
  /**
   * Batches read since the clock last moved, by position and embed: streams that have caught up
   * stand at the same position, so one read and one serialisation feed them all.
   */
  private readonly batches = new Map<string, Batch>();

  constructor(private readonly changes: JobChanges) {}

  open(request: FastifyRequest, reply: FastifyReply, position: number, embed: BranchEmbed): void {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    raw.write(`retry: 2000\n\n`);
    const stream: Stream = {
      position,
      embed,
      reply,
      busy: false,
      heartbeat: setInterval(() => raw.write(': heartbeat\n\n'), STREAM_HEARTBEAT_MS),
    };
    this.streams.add(stream);
    request.raw.socket.once('close', () => this.remove(stream));
    raw.once('close', () => this.remove(stream));
    this.timer ??= setInterval(() => this.tick(), STREAM_POLL_MS);
    void this.pump(stream);
  }

  private remove(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    clearInterval(stream.heartbeat);
    if (this.streams.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
      this.seen = '';
    }
  }

  private tick(): void {
    const now = this.changes.current();
    if (now === this.seen) return;
    this.seen = now;
    this.batches.clear();
    for (const stream of this.streams) void this.pump(stream);
  }

  /** Sends the stream every change past its position, a batch at a time. */
  private async pump(stream: Stream): Promise<void> {
    if (stream.busy) return;
    stream.busy = true;
    const raw = stream.reply.raw;
    try {
      for (;;) {
        if (!this.streams.has(stream)) return;
        const batch = this.batch(stream.position, stream.embed);
        for (const event of batch.events) {
          const more = raw.write(event);
          if (!more) await new Promise((resolve) => raw.once('drain', resolve));
          if (!this.streams.has(stream)) return;
        }
        stream.position = batch.nextPosition;
        if (!batch.hasMore) return;
      }
    } catch {
      // A cursor that can no longer be followed (jobs removed): the client reconnects, gets 410 and lists again.
      this.end(stream);
    } finally {
      stream.busy = false;
    }
  }

  private batch(position: number, embed: BranchEmbed): Batch {
    const key = `${position}|${embed}`;
    let batch = this.batches.get(key);
    if (batch === undefined) {
      const page = this.changes.read(position, STREAM_BATCH, embed);
      const events = page.items.map(({ cursor, job }) => {
        const data = jsonWithBranches((embedded) => ({ cursor, job: embedded(job) }));
        return `id: ${cursor}\nevent: change\ndata: ${data}\n\n`;
      });
      batch = { events, nextPosition: page.nextPosition, hasMore: page.hasMore };
      this.batches.set(key, batch);
    }
    return batch;
  }

  private end(stream: Stream): void {
    this.remove(stream);
    stream.reply.raw.end();
  }

  /** Ends every stream (the server is shutting down): each client reconnects elsewhere with its last id. */
  closeAll(): void {
    for (const stream of [...this.streams]) this.end(stream);
  }
}
