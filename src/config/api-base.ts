/** `apiBaseUrl` rules, shared by the config schema and the entry script (which runs before zod loads). */
export const isApiBase = (value: string): boolean => value === '' || /^https?:\/\//.test(value);
export const trimApiBase = (value: string): string => value.replace(/\/+$/, '');
