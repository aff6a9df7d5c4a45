/** A message that can never be handled (undecodable, invalid): terminated, never redelivered. */
export class PoisonMessageError extends Error {
  override name = "PoisonMessageError";
}

/** A failure a request/reply handler answers with a stable code. */
export class ReplyFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ReplyFailure";
  }
}

/** The error a requester sees: the responder's code, or COMMON.TIMEOUT / COMMON.NO_RESPONDERS. */
export class RemoteError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "RemoteError";
  }
}
