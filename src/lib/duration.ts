/**
 * A span of time in words, the one wording of durations on every screen: "45 s", "42 min",
 * "3 h 05 min", "1 d 6 h" (seconds under a minute, minutes under an hour, hours and minutes
 * under a day, then days and hours). Each unit is counted whole, never rounded up.
 */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h ${String(m % 60).padStart(2, '0')} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}
