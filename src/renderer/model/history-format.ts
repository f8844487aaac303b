/** How a history entry reads in the list: short method name, and when it ran. */

/** `Method` of `package.Service/Method`. */
export function methodName(method: string): string {
  return method.slice(method.lastIndexOf('/') + 1);
}

/** The time of day for calls made today, else the date and time (the user's locale). */
export function whenText(at: string, now: Date = new Date()): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay ? date.toLocaleTimeString() : date.toLocaleString();
}
