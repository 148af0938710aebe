// Beep (Web Audio) and a short vibration where the device has one: the scan was taken.
let audio: AudioContext | null = null

/** Call from a click (opening the camera) so the browser lets the page make sound later. */
export function primeAudio() {
  try {
    audio ??= new AudioContext()
    if (audio.state === 'suspended') void audio.resume()
  } catch {
    audio = null
  }
}

export function scanFeedback(ok = true) {
  try {
    if (audio) {
      const osc = audio.createOscillator()
      const gain = audio.createGain()
      osc.frequency.value = ok ? 1760 : 440
      gain.gain.value = 0.15
      osc.connect(gain).connect(audio.destination)
      osc.start()
      osc.stop(audio.currentTime + (ok ? 0.08 : 0.25))
    }
  } catch {
    // no sound is no reason to stop counting
  }
  navigator.vibrate?.(ok ? 60 : [80, 60, 80])
}
