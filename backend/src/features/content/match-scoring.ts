/** The match scoring lives in the domain (the matching worker ranks its pools with it): re-exported here. */
export * from '@crossfeed/domain/rules/match-scoring.ts';
