/**
 * Polls until `check` passes or the deadline is over, then throws its last failure: for effects that do not
 * wait for the projections (a click's redirect answers before its event is projected).
 */
export async function eventually(check: () => Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
