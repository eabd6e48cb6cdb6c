// One final, unmasked websocket frame (RFC 6455 §5.2) around bytes already encoded: a
// broadcast is framed once and the same Buffer is written to every socket it goes to,
// instead of ws framing (and corking, and writev-ing) the same bytes once per socket.

const textOpcode = 0x81;
const binaryOpcode = 0x82;

export function websocketFrame(payload: Buffer, binary: boolean): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 0x10000 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = binary ? binaryOpcode : textOpcode;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 0x10000) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 0x1_0000_0000), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/** A Phoenix text message framed for the wire. */
export function textFrame(text: string): Buffer {
  return websocketFrame(Buffer.from(text, 'utf8'), false);
}
