// The extension host's V8 heap, read through its inspector (opened with SIGUSR1 on a loopback
// port): the heap used after a full collection, which the process's RSS hides under what V8 and
// the allocator keep after a peak. Diagnosis beside the RSS figures.
import * as fs from 'node:fs';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ws: WsSocket } = require('playwright-core/lib/utilsBundle') as { ws: typeof WebSocket };

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

export class HostInspector {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, (params: { chunk: string }) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (ev) => {
      const msg = JSON.parse(String(ev.data));
      if (msg.id !== undefined) {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.error) {
          p?.reject(new Error(msg.error.message));
        } else {
          p?.resolve(msg.result);
        }
      } else if (msg.method) {
        this.listeners.get(msg.method)?.(msg.params);
      }
    });
  }

  /** Opens the inspector of process `pid` (SIGUSR1) and connects to it. */
  static async attach(pid: number): Promise<HostInspector> {
    process.kill(pid, 'SIGUSR1');
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        const list = (await (await fetch('http://127.0.0.1:9229/json/list')).json()) as { webSocketDebuggerUrl: string }[];
        const socket = new WsSocket(list[0].webSocketDebuggerUrl);
        await new Promise((resolve, reject) => {
          socket.addEventListener('open', resolve);
          socket.addEventListener('error', () => reject(new Error('inspector socket failed')));
        });
        const inspector = new HostInspector(socket);
        const { result } = (await inspector.send('Runtime.evaluate', { expression: 'process.pid' })) as { result: { value: number } };
        if (result.value !== pid) {
          inspector.close();
          throw new Error(`port 9229 is process ${result.value}'s, not ${pid}'s`);
        }
        return inspector;
      } catch (error) {
        if (Date.now() > deadline) {
          throw error;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  /** MB of JS heap used after full collections, and the process's own figures. */
  async heapAfterGc(): Promise<{ heapMB: number; externalMB: number; arrayBuffersMB: number; rssMB: number }> {
    for (let i = 0; i < 3; i++) {
      await this.send('HeapProfiler.collectGarbage');
    }
    const { result } = (await this.send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())' })) as { result: { value: string } };
    const m = JSON.parse(result.value) as Record<string, number>;
    const mb = (n: number) => n / 1024 / 1024;
    return { heapMB: mb(m.heapUsed), externalMB: mb(m.external), arrayBuffersMB: mb(m.arrayBuffers), rssMB: mb(m.rss) };
  }

  /** A heap snapshot written to `file`. */
  async snapshot(file: string): Promise<void> {
    const out = fs.createWriteStream(file);
    this.listeners.set('HeapProfiler.addHeapSnapshotChunk', (p: { chunk: string }) => out.write(p.chunk));
    await this.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    await new Promise((r) => out.end(r));
  }

  close(): void {
    this.socket.close();
  }
}
