import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Strings } from '../../i18n/index.js';
import { historyStringsFor, type HistoryStrings } from '../../i18n/history-strings.js';
import { shownDate } from '../../i18n/dates.js';
import type { GameRecord } from '../../persistence/game-record.js';
import { encodeHistoryFile } from '../../persistence/history-file.js';
import { averagesOf, namesOf } from '../../coach/history-model.js';
import { barChart, dataTable } from '../../charts/bar-chart.js';
import { emit } from '../../events.js';
import { OverlayPanel } from '../OverlayPanel.js';
import { historyStyles } from './dp-history.styles.js';

/** The word on the panel after an import: how many games came, or why the file was refused. */
export interface HistoryNote {
  text: string;
  refused: boolean;
}

declare global {
  interface GlobalEventHandlersEventMap {
    /** The History panel's Close (or Escape). */
    'dp-request-close-history': CustomEvent<void>;
    /** The History panel's "Import a file": the file's text, to be checked and kept. */
    'dp-request-import-history': CustomEvent<{ text: string }>;
  }
}

/** How many of the latest games a chart shows (the tables list them all). */
const CHART_GAMES = 40;

/** One series of the panel: a chart of a value per game, its averages, and its table. */
interface Series {
  key: string;
  title: string;
  value: (game: GameRecord) => number | null;
  format: (value: number) => string;
  help?: string;
  /** A further column of its table, with a note under the table saying what it holds. */
  extra?: ExtraColumn;
}

/** A column a series' table adds after its value. */
interface ExtraColumn {
  heading: string;
  cell: (game: GameRecord) => string;
  help: string;
}

/**
 * Every finished game kept on this device, for one player at a time: charts of the score, the points
 * lost against the best play (skill) and the luck of the dice per game, each with its averages over the
 * last 10 games and all of them, and its numbers as a table for the keyboard and screen readers. It
 * exports the history to a file (a download) and asks to import one (the element checks and keeps it,
 * and says how that went in `note`).
 *
 * @event {CustomEvent<void>} dp-request-close-history - Close was pressed (or Escape).
 * @event {CustomEvent<{ text: string }>} dp-request-import-history - A file was chosen to import.
 *
 * @tagname dp-history
 */
export class DpHistory extends OverlayPanel {
  static override styles = historyStyles;

  /** The games kept, oldest first. */
  @property({ attribute: false }) games: GameRecord[] = [];
  /** The texts of the current language (its `lang` picks the panel's words). */
  @property({ attribute: false }) strings!: Strings;
  /** What the last import did, or null. */
  @property({ attribute: false }) note: HistoryNote | null = null;

  /** Whose games are shown (a name played under); the latest game's by default. */
  @state() private whose: string | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('games') && (this.whose === null || !this.games.some((g) => g.name === this.whose))) {
      this.whose = namesOf(this.games)[0] ?? null;
    }
  }

  private get words(): HistoryStrings {
    return historyStringsFor(this.strings.lang);
  }

  private series(): Series[] {
    const h = this.words;
    return [
      { key: 'score', title: h.score, value: (g) => g.score, format: (v) => String(Math.round(v)) },
      {
        key: 'skill',
        title: h.skill,
        value: (g) => g.pointsLost,
        format: h.number,
        extra: {
          heading: h.winLost,
          cell: (g) => (g.winLost === null ? h.none : h.percentPoints(g.winLost)),
          help: h.winLostHelp,
        },
      },
      { key: 'luck', title: h.luck, value: (g) => g.luck, format: h.signed, help: h.luckHelp },
    ];
  }

  private renderSeries(series: Series, games: readonly GameRecord[]) {
    const h = this.words;
    const { extra } = series;
    const values = games.map(series.value);
    const averages = averagesOf(values);
    const fmt = (v: number | null) => (v === null ? h.none : series.format(v));
    const shown = games.slice(-CHART_GAMES);
    const first = games.length - shown.length;
    const lines = [
      ...(averages.recent !== null
        ? [{ value: averages.recent, label: `${h.lastTen}: ${fmt(averages.recent)}` }]
        : []),
    ];
    const date = (g: GameRecord) => shownDate(g.date, this.strings.lang);
    return html`<section class="series" data-series=${series.key}>
      <h3 title=${series.help ?? nothing}>${series.title}</h3>
      <p class="averages" data-averages>${h.averages(fmt(averages.recent), fmt(averages.all))}</p>
      ${barChart({
        title: series.title,
        values: shown.map(series.value),
        labels: shown.map((_, i) => String(first + i + 1)),
        xLabel: h.gamesAxis(shown.length, games.length),
        yLabel: series.key === 'score' ? h.score : h.points,
        format: series.format,
        lines,
      })}
      <details>
        <summary>${h.table}</summary>
        ${dataTable(
          series.title,
          [
            h.game,
            h.date,
            h.rules,
            series.title === h.score ? h.score : h.points,
            ...(extra ? [extra.heading] : []),
          ],
          games.map((g, i) => [
            String(i + 1),
            date(g),
            this.strings.rules[g.rules],
            fmt(series.value(g)),
            ...(extra ? [extra.cell(g)] : []),
          ]),
        )}
        ${extra ? html`<p class="table-help" data-win-lost-help>${extra.help}</p>` : nothing}
      </details>
    </section>`;
  }

  private exportFile(): void {
    const text = encodeHistoryFile(this.games);
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `taringupokker-history-${new Date().toISOString().slice(0, 10)}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  private async importChosen(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = ''; // the same file may be chosen again
    if (file) emit(this, 'dp-request-import-history', { text: await file.text() });
  }

  private keydown(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.stopPropagation();
      emit(this, 'dp-request-close-history');
    }
  }

  protected override render() {
    if (!this.strings) return nothing;
    const h = this.words;
    const names = namesOf(this.games);
    const games = this.games.filter((g) => g.name === this.whose);
    return html`<div
      class="card"
      role="dialog"
      aria-modal="true"
      aria-labelledby="history-title"
      @keydown=${this.keydown}
    >
      <header>
        <h2 id="history-title">${h.title}</h2>
        <button class="secondary" data-close @click=${() => emit(this, 'dp-request-close-history')}>
          ${h.close}
        </button>
      </header>
      <div class="body">
        <p class="intro">${h.intro}</p>
        ${
          names.length > 1
            ? html`<label class="whose"
                >${h.whose}
                <select
                  data-whose
                  @change=${(e: Event) => (this.whose = (e.target as HTMLSelectElement).value)}
                >
                  ${names.map((n) => html`<option .value=${n} ?selected=${n === this.whose}>${n}</option>`)}
                </select></label
              >`
            : nothing
        }
        ${
          games.length
            ? html`<p class="count" data-count>${h.games(games.length)}</p>
                ${this.series().map((s) => this.renderSeries(s, games))}`
            : html`<p class="empty" data-empty>${h.empty}</p>`
        }
      </div>
      ${
        this.note
          ? html`<p
              class=${this.note.refused ? 'note refused' : 'note'}
              role=${this.note.refused ? 'alert' : 'status'}
              data-note
            >
              ${this.note.text}
            </p>`
          : nothing
      }
      <div class="buttons">
        <button class="secondary" data-export ?disabled=${!this.games.length} @click=${this.exportFile}>
          ${h.exportFile}
        </button>
        <label class="button secondary" data-import
          >${h.importFile}<input type="file" accept="application/json,.json" @change=${this.importChosen}
        /></label>
      </div>
    </div>`;
  }
}
