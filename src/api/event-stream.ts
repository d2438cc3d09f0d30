/**
 * A reader of `text/event-stream` (the HTML standard's server-sent events) over a `fetch` body:
 * `EventSource` cannot send the Bearer header (whatwg/html#2177), so the stream of changes is
 * read this way. Lines end with LF, CR or CRLF; `data` lines join with LF; an event is handed
 * over at its blank line, with its `id` (kept, as the last event id, until another comes);
 * comments (`:`) and `retry` are read and ignored, except that any bytes count as a sign of life.
 */
export type StreamEvent = { type: string; data: string; id: string | null };

export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamEvent) => void,
  /** Called on every chunk of bytes (a heartbeat comment too). */
  onBytes?: () => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let id: string | null = null;
  const line = (text: string) => {
    if (text === '') {
      if (data.length) onEvent({ type: type || 'message', data: data.join('\n'), id });
      type = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\u0000')) id = value;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onBytes?.();
    buffer += decoder.decode(value, { stream: true });
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const c = buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      // A CR at the chunk's end may be the first half of a CRLF: wait for the next chunk.
      if (c === '\r' && i === buffer.length - 1) break;
      line(buffer.slice(start, i));
      if (c === '\r' && buffer[i + 1] === '\n') i++;
      start = i + 1;
    }
    buffer = buffer.slice(start);
  }
}
