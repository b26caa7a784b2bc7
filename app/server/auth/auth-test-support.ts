// Steps the auth tests share (imported by `*.test.ts` only).

/** What a loader or action answers, whether it returns its Response or throws it (a redirect). */
export async function responseOf(fn: () => unknown): Promise<Response> {
  try {
    return (await fn()) as Response
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}
