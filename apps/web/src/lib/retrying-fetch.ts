// fetch that retries reads up to 3 times when the network fails (product.md §7). Writes are
// not retried: a request that failed in flight may still have been carried out.
const retries = 3;

export function createRetryingFetch(
  base: typeof fetch = (...args) => fetch(...args),
  delayMs = 200,
): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const idempotent = method === 'GET' || method === 'HEAD';
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await base(input, init);
      } catch (error) {
        const aborted = error instanceof DOMException && error.name === 'AbortError';
        if (!idempotent || aborted || attempt >= retries) throw error;
        await new Promise((resolve) => setTimeout(resolve, delayMs * 2 ** attempt));
      }
    }
  };
}
