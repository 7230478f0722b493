import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';

const store = () => useAppStore.getState();
const signIn = (premium = false) => store().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ is_premium: premium }));

/** The workspace's UI state; its server state is in ../api (matches-query, kept-workspace). */
describe('workspace slice', () => {
  beforeEach(() => signIn());

  describe('steps', () => {
    it('a step clicked stays complete until Start Over or 100 %', () => {
      store().markStepDone('match');
      expect(store().stepsDone).toEqual({ match: true, content: false });
      store().markStepDone('content');
      expect(store().stepsDone).toEqual({ match: true, content: true });
      store().resetSteps();
      expect(store().stepsDone).toEqual({ match: false, content: false });
    });

    it("at 100 % the notice 'All content shared! Progress has been reset.' shows and the steps start over, until dismissed", () => {
      store().markStepDone('match');
      store().showAllSharedNotice();
      expect(store().workspaceNotice).toBe('All content shared! Progress has been reset.');
      expect(store().stepsDone).toEqual({ match: false, content: false });
      store().dismissWorkspaceNotice();
      expect(store().workspaceNotice).toBeNull();
    });
  });

  describe('view filter', () => {
    it('a non-premium Premium choice opens the upsell and the filter does not change', () => {
      expect(store().chooseViewFilter('rankedContent')).toBe(false);
      expect(store().viewFilter).toBe('standard');
      expect(store().workspaceUpsellOpen).toBe(true);

      store().closeWorkspaceUpsell();
      expect(store().chooseViewFilter('topPerformers')).toBe(false);
      expect(store().viewFilter).toBe('standard');
      expect(store().workspaceUpsellOpen).toBe(true);
    });

    it('a Premium user switches filters (the list under each is in matches-query)', () => {
      signIn(true);
      expect(store().chooseViewFilter('rankedContent')).toBe(true);
      expect(store().viewFilter).toBe('rankedContent');
      expect(store().chooseViewFilter('rankedContent')).toBe(false);
      store().chooseViewFilter('topPerformers');
      expect(store().viewFilter).toBe('topPerformers');
      store().chooseViewFilter('standard');
      expect(store().viewFilter).toBe('standard');
      expect(store().workspaceUpsellOpen).toBe(false);
    });

    it('anyone may go back to standard', () => {
      useAppStore.setState({ viewFilter: 'topPerformers' });
      expect(store().chooseViewFilter('standard')).toBe(true);
      expect(store().viewFilter).toBe('standard');
    });
  });

  it('reset puts everything back', () => {
    store().markStepDone('match');
    store().showAllSharedNotice();
    useAppStore.setState({ viewFilter: 'rankedContent', workspaceUpsellOpen: true });
    store().resetWorkspace();
    expect(store().viewFilter).toBe('standard');
    expect(store().workspaceNotice).toBeNull();
    expect(store().workspaceUpsellOpen).toBe(false);
  });

  it('a logout empties the workspace', () => {
    store().markStepDone('match');
    useAppStore.setState({ viewFilter: 'rankedContent' });
    store().logout();
    expect(store().stepsDone.match).toBe(false);
    expect(store().viewFilter).toBe('standard');
  });
});
