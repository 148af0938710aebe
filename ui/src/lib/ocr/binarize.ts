// A photo made black and white before OCR (Bradley's adaptive threshold): tesseract's LSTM reads the grey image it is
// given, and a phone's grain, shadow and uneven light turn small figures ("8.40") into noise. Each pixel is compared
// with the mean of the square around it (an integral image, so any window costs the same), which follows light that
// changes across the page where one threshold for the whole page would not.

/**
 * `grey`: one byte per pixel, row by row. Answers 0 (ink) or 255 (paper) per pixel: ink where the pixel is darker
 * than `1 − t` of its neighbourhood's mean. `window`: the square's side in px (≈ 1/40 of the page's width).
 */
export function binarize(grey: Uint8Array, width: number, height: number, window = Math.max(15, Math.round(width / 40)), t = 0.15): Uint8Array {
  const sums = new Float64Array((width + 1) * (height + 1))
  for (let y = 0; y < height; y++) {
    let row = 0
    for (let x = 0; x < width; x++) {
      row += grey[y * width + x]
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row
    }
  }
  // Each pixel as the mean of its 3 × 3 square: grain is averaged away before the comparison, so a figure's decimal
  // point (a dot a few pixels wide) is kept whole.
  const boxMean = (x: number, y: number, r: number) => {
    const a = Math.max(0, x - r)
    const b = Math.max(0, y - r)
    const c = Math.min(width, x + r + 1)
    const d = Math.min(height, y + r + 1)
    return (sums[d * (width + 1) + c] - sums[b * (width + 1) + c] - sums[d * (width + 1) + a] + sums[b * (width + 1) + a]) / ((c - a) * (d - b))
  }
  const smooth = (x: number, y: number) => boxMean(x, y, 1)
  const half = Math.floor(window / 2)
  const out = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - half)
    const y1 = Math.min(height, y + half + 1)
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - half)
      const x1 = Math.min(width, x + half + 1)
      const sum = sums[y1 * (width + 1) + x1] - sums[y0 * (width + 1) + x1] - sums[y1 * (width + 1) + x0] + sums[y0 * (width + 1) + x0]
      const mean = sum / ((x1 - x0) * (y1 - y0))
      out[y * width + x] = smooth(x, y) < mean * (1 - t) ? 0 : 255
    }
  }
  return out
}

/**
 * Dust and grain left as specks of ink: every group of touching ink pixels smaller than `minArea` becomes paper, in
 * place. A decimal point is kept: at 300 dpi a 10 pt point is ≈ 25 px, a speck of dust a few.
 */
export function despeckle(bw: Uint8Array, width: number, height: number, minArea = Math.max(4, Math.round(10 * (width / 2480) ** 2))): void {
  const seen = new Uint8Array(bw.length)
  const stack: number[] = []
  const group: number[] = []
  for (let start = 0; start < bw.length; start++) {
    if (bw[start] !== 0 || seen[start]) continue
    stack.push(start)
    seen[start] = 1
    group.length = 0
    while (stack.length > 0) {
      const p = stack.pop()!
      group.push(p)
      if (group.length > minArea) {
        // Big enough to keep: mark the rest of it seen without remembering it.
        group.length = minArea + 1
      }
      const x = p % width
      const y = (p - x) / width
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx
          const ny = y + dy
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue
          const q = ny * width + nx
          if (bw[q] === 0 && !seen[q]) {
            seen[q] = 1
            stack.push(q)
          }
        }
    }
    if (group.length <= minArea - 1) for (const p of group) bw[p] = 255
  }
}
