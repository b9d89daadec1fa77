/** Said when one upload carries more files than its form allows (the browser and the server say the same). */
export const tooManyFilesMessage = (maxFiles: number): string => `Too many files: at most ${maxFiles} at once.`;
