/** sessionStorage key of the sign-in token (its own module: the entry script reads it before React loads). */
export const TOKEN_KEY = 'dispatch.token';
