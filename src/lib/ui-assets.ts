/** The built UI's files by path (index.html, assets/…): loaded by `rims serve`, served by src/http/static.ts. */
export type UiAssets = Map<string, Blob>
