// Text search: `q` matches anywhere, and a % or _ the user types is a character, not a wildcard.
// Every LIKE that takes this pattern must say ESCAPE '\'.
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => '\\' + c)}%`
