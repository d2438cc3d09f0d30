/** The Babel plugin of ./babel-compile-english.js. */
declare const compileEnglish: (babel: { types: unknown }) => { name: string; visitor: object };
export default compileEnglish;
