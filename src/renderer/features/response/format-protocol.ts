/** Messages between the page and the JSON formatting worker. */

/** Page → worker: format this JSON text. */
export interface FormatRequest {
  id: number;
  json: string;
}

/** Worker → page: the pretty text's code units and its line starts (both buffers are transferred, not copied). */
export interface FormatReply {
  id: number;
  units: Uint16Array;
  lineStarts: Int32Array;
}
