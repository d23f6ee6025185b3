// One request for identical GETs in flight: later callers join the request under way instead of
// sending their own. Each caller may leave (its abort rejects it at once); the request itself is
// aborted only when the last caller has left. A request that is not shared (no key) goes through
// the same path, so that a caller's abort works the same way.
import { CancelledError, type ApiErrorInit } from './errors';

/** The abort of one request, across its attempts. */
export interface Abort {
  /** Its signal goes to every attempt's fetch; aborted on timeout, or when every caller has left. */
  controller: AbortController;
  /** Set by the attempt in progress: rejects it at once, even with a fetch that ignores the signal while reading the body. */
  onAbort: (() => void) | undefined;
}

interface Shared<T> {
  promise: Promise<T>;
  abort: Abort;
  callers: number;
  settled: boolean;
}

/** Aborts the request's fetch (through the signal) and its attempt in progress (directly). */
export function abortRequest(a: Abort): void {
  a.controller.abort();
  a.onAbort?.();
}

/** The requests in flight, by key (method, address and token of a GET). */
export class InflightRequests<T> {
  private readonly entries = new Map<string, Shared<T>>();

  /**
   * Runs `run` once per key among concurrent callers (GET), or once for this caller (key undefined).
   * A caller's abort rejects that caller at once; the request itself is aborted when no caller is left.
   */
  join(
    key: string | undefined,
    signal: AbortSignal | undefined,
    /** The request, for the CancelledError of a caller that leaves. */
    ctx: ApiErrorInit,
    run: (abort: Abort) => Promise<T>,
  ): Promise<T> {
    let entry = key !== undefined ? this.entries.get(key) : undefined;
    if (!entry) {
      const abort: Abort = { controller: new AbortController(), onAbort: undefined };
      const created: Shared<T> = { promise: undefined as unknown as Promise<T>, abort, callers: 0, settled: false };
      const settle = () => {
        created.settled = true;
        if (key !== undefined && this.entries.get(key) === created) {
          this.entries.delete(key);
        }
      };
      created.promise = run(abort);
      // Registered before any caller's: settled (and out of the map) before a caller resumes. It
      // also handles the rejection when every caller has left.
      void created.promise.then(settle, settle);
      if (key !== undefined) {
        this.entries.set(key, created);
      }
      entry = created;
    }
    const e = entry;
    e.callers++;
    if (!signal) {
      return e.promise;
    }
    return new Promise<T>((resolve, reject) => {
      let left = false;
      const onAbort = () => {
        if (left) {
          return;
        }
        left = true;
        e.callers--;
        if (e.callers <= 0 && !e.settled) {
          if (key !== undefined && this.entries.get(key) === e) {
            this.entries.delete(key);
          }
          abortRequest(e.abort);
        }
        reject(new CancelledError('The request was cancelled.', ctx));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      e.promise.then(
        (v) => {
          signal.removeEventListener('abort', onAbort);
          if (!left) {
            left = true;
            resolve(v);
          }
        },
        (err) => {
          signal.removeEventListener('abort', onAbort);
          if (!left) {
            left = true;
            reject(err);
          }
        },
      );
    });
  }
}
