/** What the global setup hands to the journeys (through the environment, which workers inherit). */
export interface E2eServer {
  /** http://127.0.0.1:PORT/?token=TOKEN */
  url: string;
  origin: string;
  token: string;
  dataDir: string;
}

export function e2eServer(): E2eServer {
  const url = process.env.BPLAB_E2E_URL;
  const dataDir = process.env.BPLAB_E2E_DATA_DIR;
  if (!url || !dataDir)
    throw new Error('BPLAB_E2E_URL is not set: run the journeys with `npx playwright test`');
  const parsed = new URL(url);
  return { url, origin: parsed.origin, token: parsed.searchParams.get('token') ?? '', dataDir };
}
