// How long, in a language's words: the units and their plurals are the language's, the arithmetic one.

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

/**
 * A turn's time as the clock's choices name it, in its largest whole unit: days, hours, minutes or
 * seconds, with the language's words for one day, several days, one hour and several hours.
 */
export function duration(
  seconds: number,
  [day, days, hour, hours]: readonly [string, string, string, string],
): string {
  if (seconds >= 86_400) return `${seconds / 86_400} ${seconds === 86_400 ? day : days}`;
  if (seconds >= 3600) return `${seconds / 3600} ${seconds === 3600 ? hour : hours}`;
  return seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}
