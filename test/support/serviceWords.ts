/**
 * The service's words a planner must not read outside a Details part (issue 39): a request method,
 * an API path, a path parameter, a camelCase or snake_case word. Used by test/plannerWords.test.ts
 * and by the tests of sheets the add-in writes (the campaign plan's headers).
 */
const SERVICE_WORDS: readonly [string, RegExp][] = [
  ["an HTTP method", /\b(GET|POST|PUT|PATCH|DELETE)\b/],
  ["an API path", /(^|[\s("'])\/[A-Za-z]/],
  ["a path parameter", /\{[A-Za-z]+\}/],
  ["a camelCase word", /\b(?!iTunes\b)[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*\b/],
  ["a snake_case word", /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/],
  ["a list index", /\b[A-Za-z_]+\[\d+\]/],
];

/** The service's words a text shows a planner, named ("an API path (/api)"); empty when none. */
export function serviceWordsIn(said: string): string[] {
  return SERVICE_WORDS.flatMap(([what, pattern]) => {
    const m = pattern.exec(said);
    return m ? [`${what} (${m[0].trim()})`] : [];
  });
}
