export declare const MALLOC_MMAP_THRESHOLD: string;
export declare function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
