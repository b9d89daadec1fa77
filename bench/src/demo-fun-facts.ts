/** The fun facts the /demo widget shows while an answer is on its way ("Did you know that {fact}?"). */
export const DEMO_FUN_FACTS = [
  { fact: 'the Bill of Rights was ratified on December 15, 1791', url: 'https://www.archives.gov/founding-docs/bill-of-rights-transcript' },
  { fact: 'the Declaration of Independence was adopted on July 4, 1776', url: 'https://www.archives.gov/founding-docs/declaration-transcript' },
  { fact: 'the Gettysburg Address is only about 270 words long', url: 'https://www.loc.gov/exhibits/gettysburg-address/' },
] as const;

/** Adds the demo fun facts through the Bot Settings call when there are none, as an administrator would. */
export async function addDemoFunFacts(url: string, headers: Record<string, string>): Promise<void> {
  const listed = await fetch(`${url}/api/fun-facts`, { headers });
  const body = (await listed.json()) as { data?: { rows?: unknown[] }; error?: { message?: string } };
  if (!listed.ok) throw new Error(`GET /api/fun-facts answered ${listed.status}: ${body.error?.message ?? ''}`);
  if ((body.data?.rows?.length ?? 0) > 0) return;
  const added = await fetch(`${url}/api/fun-facts/new`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ funFacts: DEMO_FUN_FACTS }),
  });
  if (!added.ok) throw new Error(`POST /api/fun-facts/new answered ${added.status}: ${await added.text()}`);
}
