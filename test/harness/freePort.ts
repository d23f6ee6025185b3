// A free TCP port on 127.0.0.1 (asked of the system, then released): for the editor's server, a
// loopback redirect the tests register, a second listener. No vscode: every suite imports it.
import * as net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}
