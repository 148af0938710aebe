import { setDefaultTimeout } from 'bun:test'

// Tests and hooks that start servers or seed the demo take seconds on a busy 2-core box;
// bunfig's `timeout` covers tests only, this covers the hooks too.
setDefaultTimeout(60_000)
