// Prettier, set to the code as it was written: of the option sets tried, this one
// changes the fewest files (144 of 320 at the time; printWidth 150–300 and other
// quote, wrap and comma options all changed more). `npm run format` rewrites,
// `npm run format:check` checks; .prettierignore keeps generated files and fixtures out.
/** @type {import('prettier').Config} */
export default {
  printWidth: 180,
  singleQuote: true,
  semi: true,
  trailingComma: 'all',
  arrowParens: 'always',
  endOfLine: 'lf',
};
