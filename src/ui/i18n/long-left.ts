/** Days and hours, or hours and minutes, or minutes left, with the language's units (day, hour, minute). */
export function longLeft(seconds: number, [day, hour, minute]: readonly [string, string, string]): string {
  const minutes = Math.max(0, Math.ceil(seconds / 60));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return h > 0 ? `${d} ${day} ${h} ${hour}` : `${d} ${day}`;
  if (h > 0) return m > 0 ? `${h} ${hour} ${m} ${minute}` : `${h} ${hour}`;
  return `${m} ${minute}`;
}
