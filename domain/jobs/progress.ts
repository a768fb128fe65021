// How far a batch job has got (the CRM import, the data migration, a campaign's sending), as the pages show it.

/** Done out of total, in whole percent (rounded down); a job with nothing to do is complete. */
export const percentOf = (done: number, total: number) => (total === 0 ? 100 : Math.floor((done * 100) / total));
