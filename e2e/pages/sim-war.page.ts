import type { Locator, Page } from 'playwright-core';

/** /simulator/war/:warId: the simulated game's war screen. */
export class SimWarPage {
  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('sim-war');
  }

  attacks(): Locator {
    return this.page.getByTestId('war-attack');
  }

  play(): Promise<void> {
    return this.page.getByTestId('war-play').click();
  }

  forfeit(side: 'home' | 'away'): Promise<void> {
    return this.page.getByTestId(`war-forfeit-${side}`).click();
  }

  result(): Locator {
    return this.page.getByTestId('war-result');
  }

  stars(side: 'home' | 'away'): Locator {
    return this.page.getByTestId(`war-stars-${side}`);
  }

  backToHub(): Promise<void> {
    return this.page.getByTestId('war-back-to-hub').click();
  }
}
