/// The pages' one stylesheet, served as `/static/app.css`. The look is the
/// seed tutorial's phone screen: a large green MOD, the gas label in bold,
/// the words between them light. Every control, and every link in a table,
/// is at least 44 × 44 CSS pixels; below 900 px, tables become one card per
/// row, so nothing scrolls sideways on a phone or a tablet.
enum WebStyle {
    static let css = """
        *, *::before, *::after { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; font-size: 1.0625rem;
          line-height: 1.45; color: #1a1a1a; background: #f6f7f6; overflow-wrap: anywhere; }
        a { color: #0b4f9c; }
        a:hover { color: #062f5e; }
        :focus-visible { outline: 3px solid #c25e00; outline-offset: 2px; }
        .skip { position: absolute; left: -999px; top: 0; background: #fff; padding: .75rem 1rem; z-index: 10; }
        .skip:focus { left: .5rem; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        header.top { background: #0f3d24; color: #fff; padding: .5rem 1rem; display: flex; flex-wrap: wrap; gap: .5rem 1.5rem;
          align-items: center; justify-content: space-between; }
        header.top nav { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem 1rem; }
        header.top ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem; }
        header.top a { color: #fff; display: inline-flex; align-items: center; min-height: 44px; min-width: 44px; padding: 0 .6rem; border-radius: 6px; }
        header.top a[aria-current="page"] { background: #fff; color: #0f3d24; font-weight: 700; }
        header.top .brand { font-weight: 800; font-size: 1.25rem; text-decoration: none; }
        header.top .who { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; }
        main { max-width: 76rem; margin: 0 auto; padding: 1rem; }
        main.narrow { max-width: 32rem; }
        h1 { font-size: 1.75rem; margin: .5rem 0 1rem; }
        h2 { font-size: 1.3rem; margin: 1.75rem 0 .75rem; }
        footer { max-width: 76rem; margin: 2rem auto 0; padding: 1rem; border-top: 1px solid #c9cec9; }
        form.inline { display: inline-flex; flex-wrap: wrap; align-items: center; gap: .5rem; margin: 0; }
        label { font-weight: 600; }
        input, select, textarea, button, .button { font: inherit; min-height: 44px; min-width: 44px; border-radius: 6px; }
        input[type="text"], input[type="password"], input[type="number"], input[type="search"], input[type="date"], input[type="datetime-local"],
        select, textarea { width: 100%; padding: .5rem .65rem; border: 2px solid #5f6b63; background: #fff; color: #1a1a1a; }
        form.inline select, form.inline input { width: auto; }
        textarea { min-height: 5.5rem; }
        input[type="radio"], input[type="checkbox"] { width: 1.6rem; height: 1.6rem; min-width: 0; min-height: 0; margin: 0; accent-color: #0a6b2c; }
        button, .button { display: inline-flex; align-items: center; justify-content: center; gap: .4rem; padding: .55rem 1.1rem; border: 2px solid #0a6b2c;
          background: #0a6b2c; color: #fff; font-weight: 700; cursor: pointer; text-decoration: none; }
        button:hover, .button:hover { background: #07521f; color: #fff; }
        button.secondary, .button.secondary { background: #fff; color: #0a6b2c; }
        header.top button.secondary { border-color: #fff; }
        button.danger { background: #9b1c1c; border-color: #9b1c1c; }
        .fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: .9rem 1.2rem; margin-bottom: 1rem; }
        .field { display: flex; flex-direction: column; gap: .3rem; }
        .field.wide { grid-column: 1 / -1; }
        .hint { font-size: .95rem; color: #4a524c; font-weight: 400; }
        fieldset { border: 2px solid #c9cec9; border-radius: 8px; margin: 0 0 1rem; padding: .5rem 1rem 1rem; }
        legend { font-weight: 700; padding: 0 .3rem; }
        .choices { display: flex; flex-wrap: wrap; gap: .5rem; }
        .choices label, label.check { display: inline-flex; align-items: center; gap: .5rem; min-height: 44px; min-width: 44px; padding: .3rem .8rem;
          border: 2px solid #5f6b63; border-radius: 6px; background: #fff; font-weight: 600; cursor: pointer; }
        .actions { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; margin: 1rem 0; }
        .problem { color: #9b1c1c; font-weight: 700; margin: .2rem 0; }
        .problem::before { content: "⚠ "; }
        .notice { background: #e6f4ea; border-left: 6px solid #0a6b2c; padding: .75rem 1rem; margin: 0 0 1rem; }
        .warnings { background: #fff4d6; border-left: 6px solid #8a5a00; padding: .75rem 1rem; margin: 0 0 1rem; }
        .warnings ul { margin: .25rem 0 0; padding-left: 1.25rem; }
        .warnings a { display: inline-block; min-height: 44px; line-height: 44px; }
        .error-summary { background: #fdecec; border-left: 6px solid #9b1c1c; padding: .75rem 1rem; margin: 0 0 1rem; }
        .panel { background: #fff; border: 1px solid #c9cec9; border-radius: 8px; padding: 1rem; margin-bottom: 1rem; }
        table { border-collapse: collapse; width: 100%; background: #fff; }
        th, td { text-align: left; padding: .5rem .6rem; border-bottom: 1px solid #d5dad5; vertical-align: top; }
        /* Column names are single words: they never break mid-word, as running text may. */
        th { background: #e9ece9; overflow-wrap: normal; }
        /* A link in a table (a cylinder, a fill) is a target for a gloved finger, as large as a button;
           its words stay level with the first line of the cells beside it. */
        td a { display: inline-flex; align-items: flex-start; min-height: 44px; min-width: 44px; }
        th[scope="row"] a { display: inline-flex; align-items: flex-start; min-height: 44px; min-width: 44px; }
        /* A fill's id, a gas's label or a time is read whole: never "#1" on one line and "51" on the next. */
        .unbroken { white-space: nowrap; }
        /* A count is read whole: never "68" on one line and "5" on the next. */
        td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .gas { font-weight: 800; font-size: 1.25rem; }
        .light { font-weight: 300; color: #4a524c; }
        .mod { color: #0a6b2c; font-weight: 800; font-size: 2rem; line-height: 1.1; white-space: nowrap; }
        .mod small { font-size: 1rem; font-weight: 600; }
        /* A mark keeps its words' case: a void or override reason is shown exactly as it was typed. */
        .mark { display: inline-block; margin: .15rem .25rem .15rem 0; padding: .05rem .45rem; border: 2px solid currentColor; border-radius: 4px;
          font-size: .85rem; font-weight: 700; background: #fff; }
        .mark.retired { color: #4a4a4a; }
        .mark.overdue, .mark.void { color: #9b1c1c; }
        .mark.soon { color: #7a4a00; }
        .mark.older, .mark.override { color: #0b4f9c; }
        tr.retired td { color: #4a4a4a; }
        .filter { max-width: 28rem; margin-bottom: 1rem; }
        dl.facts { display: grid; grid-template-columns: minmax(9rem, max-content) 1fr; gap: .35rem 1rem; margin: 0; }
        dl.facts dt { font-weight: 700; }
        dl.facts dd { margin: 0; }
        .tag { background: #fff; border: 3px solid #111; border-radius: 8px; padding: .9rem 1rem; max-width: 22rem; margin: 0 0 1rem; }
        .tag .mod { font-size: 2.6rem; }
        /* A hypoxic mix's minimum depth is as large as its MOD: breathed at the surface, it makes a diver pass out. */
        .hypoxic { color: #9b1c1c; font-weight: 800; font-size: 2rem; line-height: 1.1; margin: .2rem 0; }
        .tag .hypoxic { font-size: 2.6rem; }
        /* In the log, the MOD is in the table's text: the minimum depth beside it is as large, in red. */
        td[data-label="MOD"] .hypoxic { font-size: inherit; line-height: inherit; }
        .tag p { margin: .2rem 0; }
        .tag .void-banner { color: #9b1c1c; font-weight: 800; }
        pre { background: #fff; border: 1px solid #c9cec9; padding: .75rem; overflow-x: auto; max-width: 100%; white-space: pre; overflow-wrap: normal; }
        .side-by-side { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
        .side-by-side > * { flex: 1 1 22rem; min-width: 0; }
        figure { margin: 0; }
        table.exceptions { width: auto; }
        svg.chart { width: 100%; height: auto; background: #fff; border: 1px solid #c9cec9; }
        .legend { display: flex; flex-wrap: wrap; gap: .5rem 1rem; list-style: none; padding: 0; }
        .legend li { display: inline-flex; align-items: center; gap: .4rem; white-space: nowrap; }
        .swatch { display: inline-block; width: 1rem; height: 1rem; border: 1px solid #111; vertical-align: middle; margin-right: .3rem; }
        .preview { font-size: 1.1rem; min-height: 1.5rem; }
        caption { text-align: left; font-weight: 700; padding: .6rem 0 .3rem; }
        .charge { max-width: 40rem; }
        .forms { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 17rem), 1fr)); gap: 0 1rem; align-items: start; }
        .forms .fields { grid-template-columns: minmax(0, 1fr); }
        select { max-width: 100%; text-overflow: ellipsis; }
        .forms h3 { margin-top: 0; }
        .statements { margin-top: 1.5rem; }
        .statement { background: #fff; border: 1px solid #c9cec9; border-radius: 8px; padding: .5rem 1rem 1rem; margin-bottom: 1.5rem; }
        .statement h2 { margin-top: .75rem; }
        .statement .balance { font-size: 1.25rem; }
        tr.void td { color: #4a4a4a; }
        table.balances th[scope="row"] { background: #fff; }
        dl.totals { margin-top: 1rem; }
        table + .panel { margin-top: 1rem; }
        .compressors { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 30rem), 1fr)); gap: 0 1rem; align-items: start; }
        .compressor h2 { margin: 0 0 .75rem; }
        .compressor .hint { display: block; }
        .life { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem .6rem; }
        meter { width: 10rem; max-width: 100%; height: 1.4rem; }
        /* A verdict is a word first; its colour only repeats it. */
        .mark.passed { color: #0a6b2c; }
        .mark.failed { color: #fff; background: #9b1c1c; border-color: #9b1c1c; }
        .life strong { white-space: nowrap; }
        @media (max-width: 600px) {
          .compressor dl.facts { grid-template-columns: minmax(0, 1fr); gap: .1rem; }
          .compressor dl.facts dd { margin-bottom: .6rem; }
        }
        .compressor-alert ul { margin: .25rem 0; padding-left: 1.25rem; }
        .compressor-alert a { display: inline-flex; align-items: center; min-height: 44px; }
        @media (max-width: 900px) {
          table.cards thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
          table.cards, table.cards tbody, table.cards tr, table.cards td { display: block; width: 100%; }
          table.cards tr { background: #fff; border: 1px solid #c9cec9; border-radius: 8px; margin-bottom: .75rem; padding: .4rem .2rem; }
          table.cards td { border: 0; padding: .25rem .6rem; }
          table.cards td[data-label]::before { content: attr(data-label) ": "; font-weight: 700; color: #3d453f; }
          table.cards td.number { text-align: left; }
          table.cards caption { display: block; }
          /* Cards inside a statement's panel: the panel gives up its margin, so that a time stays on one line. */
          .statement { padding: .5rem .5rem 1rem; }
          table.cards th[scope="row"] { display: block; background: none; border: 0; padding: .25rem .6rem; font-size: 1.1rem; }
          /* A tally (the year report's months) becomes a card per row whose counts sit side by side, each after its label. */
          table.tally, table.tally tbody { display: block; background: none; }
          table.tally caption { display: block; text-align: left; font-weight: 700; margin-bottom: .4rem; }
          table.tally thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
          table.tally tr { display: flex; flex-wrap: wrap; gap: .1rem 1.1rem; background: #fff; border: 1px solid #c9cec9; border-radius: 8px;
            margin-bottom: .5rem; padding: .4rem .7rem; }
          table.tally th[scope="row"] { flex: 1 0 100%; background: none; border: 0; padding: 0; }
          table.tally td { border: 0; padding: 0; font-weight: 700; }
          table.tally td[data-label]::before { content: attr(data-label) " "; font-weight: 400; color: #3d453f; }
          h1 { font-size: 1.5rem; }
        }
        @page { size: 62mm 100mm; margin: 3mm; }
        @media print {
          body { background: #fff; font-size: 10pt; }
          header.top, footer, .skip, .no-print { display: none !important; }
          main { padding: 0; max-width: none; }
          main > :not(.tag):not(.statements) { display: none !important; }
          .tag { display: block; border: 0; padding: 0; margin: 0; max-width: none; width: 56mm; }
          /* One 62 × 100 mm label holds the whole tag, the longest one allowed too (64-character names, both readings,
             a hypoxic trimix), with room left below it: the hypoxic instruction as large as the MOD, both small enough
             to fit, the MOD in metres and feet on one line, and names broken anywhere rather than after their label. */
          .tag { break-inside: avoid; }
          .tag .mod, .tag .hypoxic { font-size: 12pt; line-height: 1.05; }
          .tag p.mod { display: inline; }
          .tag p.mod + p.mod::before { content: " / "; }
          .tag .gas { font-size: 7.5pt; }
          .tag p { font-size: 7pt; line-height: 1.15; margin: 0; }  /* .tag .mod, .hypoxic and .gas outrank it */
          .tag p.gas { font-size: 7pt; word-break: break-all; }
          .tag p.who { font-size: 6pt; word-break: break-all; }
          /* A thermal label drops light grey: everything on the tag prints black, light words at normal weight. */
          .tag, .tag * { color: #000 !important; }
          .tag .light { font-weight: 400; }
          /* A statement prints on A4, one member a page, its tables as tables however narrow the paper. */
          .statements { page: statement; }
          .statement { border: 0; padding: 0; margin: 0; font-size: 10pt; }
          .statement + .statement { break-before: page; }
          .statement h2 { font-size: 14pt; margin: 0 0 .3rem; }
          .statement table.cards { display: table; width: 100%; }
          .statement table.cards caption { display: table-caption; }
          .statement table.cards thead { display: table-header-group; position: static; width: auto; height: auto; overflow: visible; clip: auto; }
          .statement table.cards tbody { display: table-row-group; }
          .statement table.cards tr { display: table-row; border: 0; padding: 0; margin: 0; break-inside: avoid; }
          .statement table.cards td { display: table-cell; width: auto; padding: .15rem .3rem; border-bottom: 1px solid #999; }
          .statement table.cards td.number { text-align: right; }
          .statement table.cards td[data-label]::before { content: none; }
          .statement th { padding: .15rem .3rem; background: none; border-bottom: 1px solid #000; }
          .statement a { color: #000; text-decoration: none; min-height: 0; min-width: 0; }
          .statement .mark { border-width: 1px; }
        }
        @page statement { size: A4; margin: 15mm; }

        """
}
