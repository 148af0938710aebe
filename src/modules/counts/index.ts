// Counts' one face: other modules import from here only; the stock_count_* tables (but the scans, barcodes') are written by counts alone.
export { createCountService, showsExpected, overThreshold, type CountService } from './service'
/** A count line's counted quantity (hundredths), or null. */
export { findLine as countedLine } from './repo'
/** Storage areas named by an items import (issue 32.7). */
export { allAreaNames, areaNamesOfItem, placeInAreas } from './placement'
