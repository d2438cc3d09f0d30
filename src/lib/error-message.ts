/**
 * A readable message for anything thrown: an Error's message (ApiError included), an event
 * object that carries one under `error` (maplibre's error events), or the value as text.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'error' in error)
    return errorMessage((error as { error: unknown }).error);
  return String(error);
}
