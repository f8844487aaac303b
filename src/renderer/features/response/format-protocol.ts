/** Messages between the page and the JSON formatting worker. */

/** Page → worker: format this JSON text. */
export interface FormatRequest {
  id: number;
  json: string;
}

/** Worker → page: the pretty text and its line starts (the array's buffer is transferred, not copied). */
export interface FormatReply {
  id: number;
  text: string;
  lineStarts: Int32Array;
}
