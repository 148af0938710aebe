/// <reference types="vite/client" />

/** Where the box serves OCR's worker, core and language model (ui/src/lib/ocr/plugin.ts): `/assets/ocr-<digest>/`. */
declare const __RIMS_OCR_BASE__: string
