// Types for the tests that read the room order (test/unit/lint/main-rooms.test.ts, shared-rooms.test.ts).
export declare const ROOMS: string[];
export declare const SHARED_ROOMS: string[];
export declare function roomOf(floor: 'main' | 'shared', path: string): string | null;
declare const plugin: { rules: Record<string, unknown> };
export default plugin;
