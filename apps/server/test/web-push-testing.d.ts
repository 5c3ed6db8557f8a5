/** The parts of `web-push-testing` (no types of its own) the local push service uses. */
declare module 'web-push-testing/src/PushApiModel.js' {
  export class PushApiModel {
    notifyUrl: string;
  }
}
declare module 'web-push-testing/src/server.js' {
  import type { IncomingMessage, Server, ServerResponse } from 'node:http';
  import type { PushApiModel } from 'web-push-testing/src/PushApiModel.js';
  /** Its Express app: the calls made on it here. */
  interface App {
    use(
      path: string,
      handler: (request: IncomingMessage, response: ServerResponse, next: () => void) => void,
    ): void;
    listen(port: number, host: string, listening: () => void): Server;
  }
  export default class WebPushTestingServer {
    constructor(model: PushApiModel, port: number);
    _app: App;
    _server: Server;
    setRequestHandlers(): void;
  }
}
