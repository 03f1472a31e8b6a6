import { Writable } from 'node:stream';

export interface CapturedLog {
  /** Give this to pino (Fastify's `logger.stream`). */
  stream: Writable;
  /** Every JSON line written so far, parsed. */
  lines(): Array<Record<string, unknown>>;
  /** Everything written so far, as written. */
  text(): string;
}

/** Collects what the service's logger writes. */
export function captureLog(): CapturedLog {
  let written = '';
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  return {
    stream,
    text: () => written,
    lines: () =>
      written
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
