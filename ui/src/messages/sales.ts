// Sales import from a till file and the food cost period (issue 32, item 4).

const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`

export const SALES_UI = {
  intro:
    'Upload the till’s CSV: Square’s Items Detail export, or any file with date, code (or item), quantity and net sales columns in any order. Check it first (its days, the lines counted and the voided or refunded ones left out); nothing is saved until you import.',
  posLabel: 'Till (POS) name',
  posHint: 'Code mappings are remembered per till and used on its next import.',
  squareDetected: 'Square',
  checked: 'Checked, nothing saved yet',
  imported: 'Imported',
  fileRange: (from: string, to: string) => (from === to ? `Sales on ${from}` : `Sales from ${from} to ${to}`),
  noCountedRows: 'No sale in this file is counted',
  linesCounted: (counted: number, read: number) => `${n(counted, 'line')} counted of ${read}`,
  voided: (count: number) => `${count} voided/refunded ${count === 1 ? 'line' : 'lines'} not counted`,
  replaces: (count: number) => `replaces ${n(count, 'stored line')} of this till`,
  unmappedTitle: (count: number) => `Codes to map (${count})`,
  unmappedHelp: 'Tick the codes of one dish and map them together, or tick what is not food and ignore it. Ignored codes are not asked again for this till.',
  filter: 'Find a code',
  selectAll: (count: number) => `Select all ${count} shown`,
  tick: (code: string) => `Tick ${code}`,
  mapTicked: 'Map ticked codes to',
  chooseDish: 'Choose a dish',
  mapButton: (count: number) => `Map ${count} ticked`,
  ignoreButton: (count: number) => `Ignore ${count} ticked`,
  mappingFailed: 'Failed to save the mappings',
  sold: 'Sold',
  net: 'Net sales',
  lines: 'Lines',
  code: 'Code',
  none: 'No code matches.',
  // Food cost period
  salesFrom: 'Sales from',
  salesTo: 'Sales to',
  windowHint: 'Defaults to the two counts’ approval times, so two counts on the same day work.',
  resetWindow: 'Use the counts’ times',
  window: (from: string, to: string) => `Sales from ${from} to ${to}`,
  noSales: (from: string, to: string) => `No sales recorded between ${from} and ${to}.`,
  importLink: 'Import sales',
  fewCounts: 'Food cost needs two approved stock counts.',
} as const
