/** How a status reads at a glance, the one scale every list uses (its colour comes from styles.css). */
export type Tone = 'ok' | 'busy' | 'bad' | 'idle';
