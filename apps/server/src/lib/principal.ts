/** Who is acting: the signed-in member of a request or socket, and the session they used. */
export interface Principal {
  userId: number;
  sessionId: number;
}
