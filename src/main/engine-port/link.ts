/** The one transport between main and the engine host: a message port, whichever runtime carries it. */

/** One end of the port: structured-clone messages out and in. */
export interface MessageLink {
  post(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
}

/** Main's end, which also sees the engine end and can stop it. */
export interface EngineLink extends MessageLink {
  /** Called once when the engine's runtime is gone (crashed, ended), with why. */
  onExit(listener: (reason: string) => void): void;
  /** Stops the engine's runtime now. */
  end(): Promise<void>;
}
