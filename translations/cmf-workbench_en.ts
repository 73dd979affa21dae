<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>BitsText</name>
    <message>
        <source>f32: 32 bits per weight, no scales.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>f16: 16 bits per weight, no scales.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16: 16 bits per weight, no scales.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>u8: 8 bits per value, no scales.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q8_row: 8-bit codes + one f16 scale per row = 8 + 16 / in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q8_2f: 8-bit codes + an f16 scale per row + an f16 field per column = 8 + 16 / in + 16 / out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q4_block: 4-bit codes + one f16 scale per 32 weights of the flattened tensor = 4.5 (the last group is zero-padded).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q4_tiled: 18-byte tiles of 32 4-bit codes and an f16 scale = 4.5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q4tp: 4-bit codes + a 5-bit rung per 32 weights + f16 lo and step per row = 4 + 5 / 32 + 32 / in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vbit: each row&apos;s own width (3–8 bits, the codes) + an f16 scale per 32 weights (0.5) + a u8 width per row; every row is padded to a byte.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vbit_ro: each row&apos;s own width (3–8 bits, the codes) + an f16 scale per 32 weights (0.5) + a u8 width and a u32 row offset per row; every row is padded to a byte.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q1: 1 sign bit + one f16 scale per 32 weights = 1.5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q1s: the q1 base (1.5) + 48 bits for each outlier kept at f16.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q1t: base-3 codes, 5 per byte (7 bytes per 32 weights = 1.75) + one f16 scale per 32 + a per-row table and 32 bits per outlier.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reserved dtype without a layout: bytes × 8 / weights.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Explain</name>
    <message>
        <source>Tensor bytes changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Header changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor directory changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Section changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mask has bits past its end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor payload is malformed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feature bit missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature does not check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The weights of this tensor no longer hash to the value the directory recorded when the file was written: at least one byte was changed or damaged on disk or in transfer. The model would compute with corrupted weights.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The JSON header (architecture, chat template, provenance) differs from the one the file was written with; the hash stored in the envelope does not match it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tensor directory (names, shapes, offsets, hashes) differs from the one the file was written with; the hash stored in the envelope does not match it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A section (masks, tokenizer or sparse index) differs from the one recorded in the header&apos;s section_hashes, or the header records a section the file does not have.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A task mask sets bits beyond the number of neurons, heads or layers it covers. The spec requires them to be zero, otherwise active counts include phantom units.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bytes of this tensor do not have the structure its dtype defines (bit widths, row table, outlier list); decoding it would fail or read garbage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file uses a feature without raising its bit in required_features, so an older reader would misread it instead of refusing it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The detached .sig beside the file does not match the file&apos;s contents or is malformed: the file was changed after it was signed, or the signature belongs to another file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a CMF file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported CMF version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requires a feature this reader does not implement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Truncated or out-of-bounds data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Malformed structure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hash mismatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature or key problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A CMF v2 file starts with the four bytes &quot;CMF&quot; 0x01. This file starts with something else, so it is a different kind of file, or its beginning was overwritten.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The envelope names a format version other than 2. Version 1 is retired and later versions are not known to this workbench; reading it anyway could silently misinterpret the data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file sets a bit in required_features that this reader does not implement. The format demands refusing such a file instead of reading it as best it can.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An offset or length points outside the file or outside its section: the file is shorter than its own tables say (an interrupted download or copy), or the tables are damaged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A structure inside the file is malformed: the JSON header does not parse, or a tensor record has an invalid name, an unknown dtype, too many dimensions or a duplicate name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored and computed hashes differ: the data was changed after it was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operating system refused to open or map the file: it may not exist, be a directory, or you may lack permission to read it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A key file or public key is malformed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operation was cancelled before it finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spec §1 (envelope) and §1.2: magic must be &quot;CMF\x01&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spec §1.2: version must be 2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spec §1.1 and §1.2: an unknown required_features bit is an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spec §1.2: every section must end inside the file, data_off must be a multiple of 4096 and every tensor must end inside the weight blob.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spec §1.2, §2 and §3: names are UTF-8 and unique, dtypes are known, ndim ≤ 6, the header is a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spec §8 and §8.1: hash64 of tensors and sections.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binary tensor directory (always set in v2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>masks section present</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>two-field quantization: q8_2f or vbit tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserved: XOR mask deltas (refused)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserved: hot packs (refused)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mask rows are per visit of a looped transformer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>standalone skill file, not runnable alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown to this reader</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes no hash covers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some bytes belong to no section and no tensor, so no hash protects them, and they are not zero. A file written in one go has only zero padding there; a file grown in place keeps its old header and directory there. They could also hide data behind a valid hash chain. `cmf compact` rewrites the file without them; `cmf verify --strict` fails on them.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportJobs</name>
    <message>
        <source>%1 is not a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no config.json: not a Hugging Face model folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import %1 as %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>imported %1: %2 tensors, %3 → %4 shards (%5 …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>imported %1: %2 tensors, %3 → %4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelJobs</name>
    <message>
        <source>task &apos;%1&apos;: sparsity %2, quality %3 → %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>specialist: %1% of FFN pruned, perplexity ratio %2 → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skill &apos;%1&apos;: %2 tensors, perplexity %3 → %4 with it → %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skill &apos;%1&apos;: %2 tensors carried, %3 bytes → %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>applied &apos;%1&apos;%2 → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (forced onto a different base)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>task &apos;%1&apos; baked: %2% of FFN pruned → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert-area task &apos;%1&apos;: %2 of experts not routable → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>experts beyond cover %1 dropped → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>route statistics over %1 tokens → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compacted → %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requantized to %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibrate &apos;%1&apos; on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bake a specialist from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add skill &apos;%1&apos; to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export skill &apos;%1&apos; from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Defrag &apos;%1&apos; of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert mask &apos;%1&apos; for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE defrag of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route statistics of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compact %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requantize %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n shard(s) of at most %1 GB → %2</source>
        <translation>
            <numerusform>%n shard of at most %1 GB → %2</numerusform>
            <numerusform>%n shards of at most %1 GB → %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Requantize %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shard %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibrate a mask…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bake a specialist…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a skill from a donor…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export as skill file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply a skill file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Defrag a task…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route statistics…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE expert mask…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE defrag…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compact…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requantize…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shard…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OperationAvailability</name>
    <message>
        <source>The file did not open: there is no model to talk to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a runnable model: the header has no arch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file has no tokenizer (no vocab section): a chat needs one to read and write text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A shard whose siblings are missing: the set must be complete to run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file did not open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file has no tokenizer (no vocab section): this operation reads text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A dense model: expert operations need an MoE file (arch.moe.num_experts).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file has no task masks to defrag: calibrate one first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A shard: skill files are cut from and applied to a complete single file.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlaygroundText</name>
    <message>
        <source>not a JSON array of ids: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a JSON array of ids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>item %1 (%2) is not a token id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a token id (expected e.g. 1, 2, 3 or [1, 2, 3])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>id %1 is out of range: the vocabulary has ids 0 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a token id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no token has id %1 (the vocabulary has ids 0 to %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the regular expression does not compile at %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the template refused this conversation (raise_exception): %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QAbstractItemView</name>
    <message>
        <source>Export table as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export table as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuantComparison</name>
    <message>
        <source>None of this file&apos;s %1 tensors is in this checkpoint with the same name and shape: it is not the checkpoint this file was converted from, and there is nothing to plot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 tensors compared with the checkpoint; the largest relative RMS error is %3 (%4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) err far above what their dtype reaches on its own source (e.g. %1: %2 for %3, expected below %4).</source>
        <translation>
            <numerusform>%n tensor errs far above what its dtype reaches on its own source (e.g. %1: %2 for %3, expected below %4).</numerusform>
            <numerusform>%n tensors err far above what their dtype reaches on its own source (e.g. %1: %2 for %3, expected below %4).</numerusform>
        </translation>
    </message>
    <message>
        <source>This checkpoint does not look like this file&apos;s source: the errors below measure the difference between two models, not quantization.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a row for its error histogram.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) of the file are not in the checkpoint: %1.</source>
        <translation>
            <numerusform>%n tensor of the file is not in the checkpoint: %1.</numerusform>
            <numerusform>%n tensors of the file are not in the checkpoint: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) have another shape there: %1.</source>
        <translation>
            <numerusform>%n tensor has another shape there: %1.</numerusform>
            <numerusform>%n tensors have another shape there: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) are not floating point in the checkpoint: %1.</source>
        <translation>
            <numerusform>%n tensor is not floating point in the checkpoint: %1.</numerusform>
            <numerusform>%n tensors are not floating point in the checkpoint: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n skill replacement tensor(s) are not compared (no checkpoint holds them).</source>
        <translation>
            <numerusform>%n skill replacement tensor is not compared (no checkpoint holds it).</numerusform>
            <numerusform>%n skill replacement tensors are not compared (no checkpoint holds them).</numerusform>
        </translation>
    </message>
    <message>
        <source> here, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> in the checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuantText</name>
    <message>
        <source>32-bit floats: lossless, 4 bytes a weight — the largest file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>16-bit floats: near lossless, 2 bytes a weight.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bfloat16: lossless from a bf16 checkpoint, 2 bytes a weight.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>8 bits a weight with an f16 scale per row: near lossless, the usual choice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>8 bits with a row scale and a column field: closer than q8 on outlier inputs, a little larger.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4 bits in groups of 32 with an f16 scale (4.5 bits a weight); an untied lm_head stays q8.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q4 in tiles that keep each scale beside its weights: the same size, faster to read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q4 tiles with each scale as a 5-bit rung of a per-row ladder: 4.17 bits a weight.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3 to 8 bits per row, louder rows get more, to the mean budget below (with a row table).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 bit a weight: only for models trained at 1 bit — it ruins a normal checkpoint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 bit plus the largest weights kept exactly: 1-bit quantization of a normal checkpoint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ternary (−s, 0, +s, about 2.25 bits) plus each row&apos;s largest weights kept exactly.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Text</name>
    <message>
        <source>%1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 TiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::ArchTableModel</name>
    <message>
        <source>Architecture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model family tag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width of the residual stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Neurons per feed-forward block (nominal after defrag)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transformer blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query heads per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key/value heads (grouped-query attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width of one attention head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows of the embedding matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer types</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention kind of each layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RMSNorm epsilon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added to the variance in every normalization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Norm style</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;qwen&quot;: x̂·w, &quot;gemma&quot;: x̂·(1+w) — mandatory for an engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rotary embedding frequency base of global layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rotary fraction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of each head that is rotated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YaRN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global long-context RoPE scaling profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heads per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overrides the query head count layer by layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sliding window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window of SlidingAttention layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local RoPE base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE base of sliding-window layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local rotary fraction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rotary fraction of sliding-window layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tied embeddings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lm_head reuses the embedding matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Longest position the model was trained for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linear-attention kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Convolution width of linear-attention layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linear-attention key heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key heads of linear-attention layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linear-attention value heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value heads of linear-attention layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multi-token prediction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draft head for speculative decoding (§2.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mixture of experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert FFN configuration (§2.2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not defined by the spec</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n item</numerusform>
            <numerusform>%n items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n field(s)</source>
        <translation>
            <numerusform>%n field</numerusform>
            <numerusform>%n fields</numerusform>
        </translation>
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE variant of global layers: linear, dynamic, llama3, yarn or longrope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local RoPE scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE variant of sliding-window layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate activation of the feed-forward blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embeddings are multiplied by it (Gemma: √hidden in the weights&apos; dtype)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query scalar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention scores scale by its inverse square root instead of the head dimension&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention soft-cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scores become c·tanh(s/c) before the mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logit soft-cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output logits become c·tanh(x/c)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linear-attention key dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width of one key head of linear-attention layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linear-attention value dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width of one value head of linear-attention layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linear-attention norm style</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Style of the gated norm inside linear attention (&quot;qwen&quot;: x̂·w), apart from norm_style</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L: linear attention, a recurrent state of %1 per sequence and layer, no KV cache; F: full attention; S: sliding-window attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L: linear attention; F: full attention; S: sliding-window attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n linear-attention layer(s)</source>
        <translation>
            <numerusform>%n linear-attention layer</numerusform>
            <numerusform>%n linear-attention layers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n full-attention layer(s)</source>
        <translation>
            <numerusform>%n full-attention layer</numerusform>
            <numerusform>%n full-attention layers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sliding-window layer(s)</source>
        <translation>
            <numerusform>%n sliding-window layer</numerusform>
            <numerusform>%n sliding-window layers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cmfw::ArchitectureOverlay</name>
    <message>
        <source>layer skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of columns (heads)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of experts routable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not routable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>→ %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::ArchitectureView</name>
    <message>
        <source>Overlay:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show what a task mask turns off, or which tensors a skill replaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening the model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot show the architecture: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Architecture of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mask: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skill: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers: %1, frames: %2. Click a tensor to open it; click a folded frame&apos;s title to show each layer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tensors marked by %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot show %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export architecture as SVG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export architecture as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Architecture exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 replaced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MTP layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MTP layers %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sliding attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>linear attention (Gated DeltaNet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tensors alike; click to open %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2, %3, %4; click to open it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input norm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gated DeltaNet (linear attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Post-attention norm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre-FFN norm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mixture of experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Post-FFN norm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final norm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LM head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MTP input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MTP head: drafts token t+2 from the hidden state after the final norm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense MLP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensors of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click the title to fold the identical layers again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click the title to show each layer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::BitsView</name>
    <message>
        <source>Bit allocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean bits per weight by layer and family</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors of:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skill %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row widths</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row widths (vbit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale profiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MTP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outside</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bits per weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bits per weight of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>family</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 (%n tensor(s))</source>
        <translation>
            <numerusform>%1 %2 (%n tensor)</numerusform>
            <numerusform>%1 %2 (%n tensors)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 weights in %2: %3 bits per weight on average (bytes × 8 / weights, every overhead included). By dtype: %4. Hover a cell for how its number is made up; click it to open its tensor below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no tensor of this family in this layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s), %1 weights in %2</source>
        <translation>
            <numerusform>%n tensor, %1 weights in %2</numerusform>
            <numerusform>%n tensors, %1 weights in %2</numerusform>
        </translation>
    </message>
    <message>
        <source>  … and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bits per weight = %2 codes + %3 overhead</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::BytesChart</name>
    <message>
        <source>bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KiB</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::ChatPresetBar</name>
    <message>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A system prompt with its sampling and reply length, kept for this model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the preset “%1”?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::ChatSettingsPanel</name>
    <message>
        <source>System prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Greedy (argmax)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset sampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min-p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repetition penalty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task and skill (next reply, no reload)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With auto: 0 = the lowest-energy skill alone; T &gt; 0 blends every record with weights softmax(−E/T)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blend temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%v / %m used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enable_thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The template variable; shown because this file&apos;s chat template reads it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (dense)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (backbone)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto (routing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drafted tokens are verified in one pass over the weights: greedy replies are the same as without, sampled ones have the same distribution; each reply&apos;s line shows how many drafts were accepted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speculative decoding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prompt lookup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the workbench&apos;s defaults (this file has no generation_config)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to this file&apos;s generation defaults (its generation_config): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task mask “%1” is NOT MEASURED: its file records no quality (§5.1), so nobody checked how much worse its replies are than the dense model&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::ChatView</name>
    <message>
        <source>Chat — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message (Ctrl+Enter sends)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generating…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resend edited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The prompt is shown once the model has loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The exact prompt the next reply starts from (the conversation%1, rendered by the file&apos;s chat template): %2 tokens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and the pending input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The template refused this conversation: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated: %1 weights + %2 KV cache = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No memory estimate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resident now (VmRSS): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note: this conversation was held with %1 (directory hash %2), not with the file open here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversations (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation is longer than the context: the oldest %1 messages were left out of the prompt of this reply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rendering the prompt…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That is more than the context of %1 tokens: the oldest messages will be left out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your message %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reply %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Available: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough memory for this context: %1; lower the context length or open a smaller quantization.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With the chat template this message makes a prompt of %1 tokens,</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This message is %1 tokens,</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>but the context holds %1 tokens, %2 of them kept for the reply: shorten the message, or raise the context length in Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(this model allows up to %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[… %1 characters of the prompt are not shown here …]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first token %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefill %1 tok/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decode %1 tok/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finish: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the oldest %1 messages did not fit the context and were left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>task %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto → blend (argmin %1; E: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto → %1 (E: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skill %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… %1 more characters are not shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a reply is running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated: %1 weights + %2 KV cache + %3 recurrent state (with its checkpoints) = %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MTP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lookup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 drafts: %2 of %3 accepted (%4%), %5 tokens per pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 drafts: none proposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the reply (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 chat %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the conversation as Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a new conversation (this one stays in the history)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Editing message %1: sending it starts a new branch there; the old one is kept (‹ › switches).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reply as it should read (a new branch; the old reply is kept):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A reply is running: stop it first (Esc).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Delete this message and the %n message(s) that follow it on this branch?</source>
        <translation>
            <numerusform>Delete this message and the %n message that follows it on this branch?</numerusform>
            <numerusform>Delete this message and the %n messages that follow it on this branch?</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete this message?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its other versions (‹ ›) are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Copied %n line(s) of code.</source>
        <translation>
            <numerusform>Copied %n line of code.</numerusform>
            <numerusform>Copied %n lines of code.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cmfw::ChatWorker</name>
    <message>
        <source>no model loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lower the context length in Settings or open a smaller quantization (CMF_MEMORY_LIMIT=off turns this check off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation is longer than the context (%1 tokens): the oldest %2 messages are left out of the prompt.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::CompareView</name>
    <message numerus="yes">
        <source>… %n more</source>
        <translation>
            <numerusform>… %n more</numerusform>
            <numerusform>… %n more</numerusform>
        </translation>
    </message>
    <message>
        <source>absent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only in A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only in B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only in A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only in B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by name…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Header differences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON pointer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose Tools ▸ Compare with… to compare this file with another.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare %1 with %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>identical</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) differ</source>
        <translation>
            <numerusform>%n tensor differs</numerusform>
            <numerusform>%n tensors differ</numerusform>
        </translation>
    </message>
    <message>
        <source>Comparing %1 with %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not compare: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparison cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ Identical: every tensor, the header and every section agree (compared in %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✘ The files differ (%1 tensors in A, %2 in B, compared in %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n changed</source>
        <translation>
            <numerusform>%n changed</numerusform>
            <numerusform>%n changed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n only in A</source>
        <translation>
            <numerusform>%n only in A</numerusform>
            <numerusform>%n only in A</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n only in B</source>
        <translation>
            <numerusform>%n only in B</numerusform>
            <numerusform>%n only in B</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n same</source>
        <translation>
            <numerusform>%n same</numerusform>
            <numerusform>%n same</numerusform>
        </translation>
    </message>
    <message>
        <source>header same</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>header: %n difference(s)</source>
        <translation>
            <numerusform>header: %n difference</numerusform>
            <numerusform>header: %n differences</numerusform>
        </translation>
    </message>
    <message>
        <source>Sections: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Values were not compared.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 are identical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 differ: %3 changed, %4 only in A, %5 only in B, %6 header difference(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>section_hashes is left out: the masks, vocab and index sections are compared byte for byte above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The headers are the same.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n tensor(s)</source>
        <translation>
            <numerusform>%1 of %n tensor</numerusform>
            <numerusform>%1 of %n tensors</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cmfw::EnvelopeView</name>
    <message>
        <source>Envelope</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>CMF version %1 · %2 (%3 bytes) · %n tensor(s). The fixed 128-byte envelope at offset 0 addresses every other section; a reader finds sections only through it (spec §1).</source>
        <translation>
            <numerusform>CMF version %1 · %2 (%3 bytes) · %n tensor. The fixed 128-byte envelope at offset 0 addresses every other section; a reader finds sections only through it (spec §1).</numerusform>
            <numerusform>CMF version %1 · %2 (%3 bytes) · %n tensors. The fixed 128-byte envelope at offset 0 addresses every other section; a reader finds sections only through it (spec §1).</numerusform>
        </translation>
    </message>
    <message>
        <source>Header JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Masks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sparse index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Padding / unused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>absent (offset 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fields</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;CMF&quot; 0x01 — identifies a CMF file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>format version (2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserved, 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bits a reader must know (below)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight blob (page aligned)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>task masks; 0 = absent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokenizer.json; 0 = absent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sparse index; 0 = absent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserved: header hash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 (absent)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hash64 of the header JSON (§8.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserved: directory hash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hash64 of the directory (§8.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feature bits (required_features = %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::ErrorView</name>
    <message>
        <source>%1 could not be opened as a CMF v2 file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What is wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What it means</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A CMF reader must refuse such a file rather than read it as best it can (spec §1.2). If you expected a valid file, it was probably truncated or changed after it was written: download or copy it again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::FilePage</name>
    <message>
        <source>Envelope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Masks (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Masks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skills (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shards (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bit allocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tasks &amp; skills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert routing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantization error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Playground</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::HeaderJsonModel</name>
    <message>
        <source>object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>boolean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>null</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>{%n key(s)}</source>
        <translation>
            <numerusform>{%n key}</numerusform>
            <numerusform>{%n keys}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>[%n item(s)]</source>
        <translation>
            <numerusform>[%n item]</numerusform>
            <numerusform>[%n items]</numerusform>
        </translation>
    </message>
    <message>
        <source>Not defined by the spec. Readers ignore unknown fields (additive evolution, §1.1); it is shown so nothing in the file is hidden.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::HeaderView</name>
    <message>
        <source>Header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of JSON at offset %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default quantization: %1 (informational; each tensor&apos;s dtype is the truth).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Architecture (arch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The header has no arch block.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search keys and values…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fields in italics are not defined by the spec; readers ignore them, the workbench shows them.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::HeatmapToolbar</name>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit the whole grid into the view (0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in (+ or the mouse wheel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>−</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom out (−)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export a heatmap as shown, as a PNG image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export a heatmap&apos;s values as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cells</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export a heatmap&apos;s grid at full resolution, a chosen number of pixels per cell, as PNG or SVG</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::HeatmapWidget</name>
    <message>
        <source>no value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in (+)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom out (−)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit (0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export heatmap as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export heatmap values as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export PNG as shown…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export cells at full resolution (PNG, SVG)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export cells</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pixels per cell (the grid is %1 × %2 cells):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export heatmap cells</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png);;SVG images (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::HistogramChart</name>
    <message>
        <source>value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count (log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::HistorySidebar</name>
    <message>
        <source>New conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no messages)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n message</numerusform>
            <numerusform>%n messages</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop the reply to open another conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the conversation “%1” and all its branches? This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::ImportDialog</name>
    <message>
        <source>Import %1 — Hugging Face model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options (cmf convert)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-tensor overrides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CMF files (*.cmf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What will be written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors that get another dtype than the quantization, and why:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose an output file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The output is a folder: give it a file name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The output&apos;s folder %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview of the import of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s), %1</source>
        <translation>
            <numerusform>%n tensor, %1</numerusform>
            <numerusform>%n tensors, %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Computing the preview…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot import: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (exact)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at most &lt;b&gt;%1&lt;/b&gt; (vbit: each row&apos;s width depends on its weights)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n tensor(s)&lt;/b&gt; from %1 of source weights → %2</source>
        <translation>
            <numerusform>&lt;b&gt;%n tensor&lt;/b&gt; from %1 of source weights → %2</numerusform>
            <numerusform>&lt;b&gt;%n tensors&lt;/b&gt; from %1 of source weights → %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Dtypes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n shard(s): %1</source>
        <translation>
            <numerusform>%n shard: %1</numerusform>
            <numerusform>%n shards: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Every source tensor is part of the text model: none is skipped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Skipped %n source tensor(s), not part of the text model: %1</source>
        <translation>
            <numerusform>Skipped %n source tensor, not part of the text model: %1</numerusform>
            <numerusform>Skipped %n source tensors, not part of the text model: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Writes %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Writes %n shard(s): %1 … %2</source>
        <translation>
            <numerusform>Writes %n shard: %1 … %2</numerusform>
            <numerusform>Writes %n shards: %1 … %2</numerusform>
        </translation>
    </message>
    <message>
        <source>(it exists and will be replaced)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled: nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The import failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::Job</name>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>superseded</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::JobListModel</name>
    <message>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::JobRunner</name>
    <message>
        <source>hashing tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sha256</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decoding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>histogram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opening</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checking signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading tokenizer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::JobsView</name>
    <message>
        <source>Cancel selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::KeepRulesEditor</name>
    <message>
        <source>Tensor names matching (regex)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors whose name matches a row&apos;s expression get that row&apos;s dtype instead of the quantization; the first matching row wins (cmf convert --keep NAME_REGEX=DTYPE).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add override</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. mlp\.down_proj</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Override %1: “%2” is not a valid regular expression (%3).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::MainWindow</name>
    <message>
        <source>CMF Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a CMF file to see everything in it: envelope, header, tensors, masks, skills, tokenizer and signature. Drop files anywhere on this window to open them, or on the Verify / Sign panel to check their integrity.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the demo model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent files:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the &amp;demo model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close Tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Envelope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Masks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;kills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;okenizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Si&amp;gnature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Verify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check every hash of the current file and its signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sign…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write a detached signature beside the current file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About CMF Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — CMF Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) running</source>
        <translation>
            <numerusform>%n job running</numerusform>
            <numerusform>%n jobs running</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not a valid CMF file: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Opened %1 (%2, %n tensor(s)) in %3 ms</source>
        <translation>
            <numerusform>Opened %1 (%2, %n tensor) in %3 ms</numerusform>
            <numerusform>Opened %1 (%2, %n tensors) in %3 ms</numerusform>
        </translation>
    </message>
    <message>
        <source>Shard set of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose or generate a signing key in the Verify / Sign panel first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open CMF files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CMF files (*.cmf);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About CMF Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;CMF Workbench %1&lt;/h3&gt;&lt;p&gt;Open, inspect, verify and sign CMF v2 model files.&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs are running</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) are still running. Cancel them and close?</source>
        <translation>
            <numerusform>%n job is still running. Cancel it and close?</numerusform>
            <numerusform>%n jobs are still running. Cancel them and close?</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelling jobs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Compare with…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare the current file with another CMF file: tensors, header and sections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;hat with this model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Talk to the current file (the demo model when none is open) on the CPU engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparing %1 with %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat opened on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare %1 with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ser&amp;ve this model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve the current file (the demo model when none is open) to other programs over the OpenAI chat API</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve window opened on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O&amp;verview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no %2 page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Bit allocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;asks &amp;&amp; skills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert &amp;routing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quantization error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shar&amp;ds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find tensor…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close &amp;Others</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy &amp;Path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show in &amp;Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import Hugging Face model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ignored the dropped folder: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a Hugging Face model folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a Hugging Face model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mea&amp;sure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arc&amp;hitecture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokenizer &amp;playground</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat window</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::MaskBitmapPanel</name>
    <message>
        <source>inactive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sparsity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in %2; %3 has %4 of %5 active (sparsity %6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>neither</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>differ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN neuron</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN neurons of “%1”: %2 of %3 active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heads and gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head %1 of %2 %3 is %4 in %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>masked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 runs in %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 is skipped in %3 (its gate is off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Routable experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” has no expert area: every expert stays routable (§5).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::MasksView</name>
    <message>
        <source>NOT MEASURED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Masks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This file has no masks section (masks_off = 0). Task masks are bit fields over the shared weights that say which FFN neurons, attention heads, layers and experts are active for a task, without changing any weight (spec §5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n mask(s) in %1 at offset %2; default task: %3.</source>
        <translation>
            <numerusform>%n mask in %1 at offset %2; default task: %3.</numerusform>
            <numerusform>%n masks in %1 at offset %2; default task: %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each mask has %1 rows of %2 FFN bits, %3 head bits, %4 layer gates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>and %1 expert bits per row.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LOOP_MASKS: rows are per visit of a looped transformer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sparsity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blob offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blob bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compared with:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Sparse index: %n entry(ies) (task × layer) in %1: %2 active FFN groups and %3 active heads in total. Deprecation-pending: engines read the mask bits directly (§7).</source>
        <translation>
            <numerusform>Sparse index: %n entry (task × layer) in %1: %2 active FFN groups and %3 active heads in total. Deprecation-pending: engines read the mask bits directly (§7).</numerusform>
            <numerusform>Sparse index: %n entries (task × layer) in %1: %2 active FFN groups and %3 active heads in total. Deprecation-pending: engines read the mask bits directly (§7).</numerusform>
        </translation>
    </message>
    <message>
        <source>No sparse index (index_off = 0); writers should no longer emit it (§7).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>visit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::MeasureJobs</name>
    <message>
        <source>perplexity %1 over %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, KL %1, top-1 %2 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pp%1 %2 tok/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tg%1 %2 tok/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::MeasureView</name>
    <message>
        <source>task %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skill %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed (cmf bench)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt tokens (pp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decoded tokens (tg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repetitions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens in the cache before (depth)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run speed test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perplexity (cmf ppl)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a text file, or paste the text below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text to score, when no file is given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stride</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window (ctx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional: a model to measure KL divergence from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KL reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run perplexity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run under</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(dense)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(backbone)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto (routed on the text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Both tests run under this choice; a KL reference runs dense on its backbone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No test running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Under</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KL / top-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare two results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B / A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text to score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CMF files (*.cmf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give a text file or paste a text to score.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perplexity of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KL divergence of %1 from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KL divergence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running the %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done in %1 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot keep the result in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pasted text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2 tokens, ctx %3 / stride %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>perplexity %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 % vs %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pp%1 tg%2 depth %3, ×%4, %5 threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perplexity per window: run a perplexity test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KL (nats)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perplexity per window (%1, %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefill tok/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decode tok/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed across runs: run a speed test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tok/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed across runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perplexity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NLL per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KL divergence (nats per token)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KL divergence, 99th percentile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-1 agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference perplexity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefill tok/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode tok/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode reads GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes read per decoded token</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::OperationDialog</name>
    <message>
        <source>Input: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corpus files (;-separated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held-out text (quality)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep fraction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skill id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Donor folder (Hugging Face)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Example prompts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backbone prompts (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skill file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route statistics (JSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text files (;-separated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only tensors matching (regex)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose an output file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The output must be a new file: the open one is never overwritten.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fill in every field.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A held-out text is needed: quality is measured, never declared.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No such file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The output is a folder: give it a file name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a valid regular expression (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes %1 (one shard: every tensor fits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Writes %n shard(s): %1 … %2</source>
        <translation>
            <numerusform>Writes %n shard: %1 … %2</numerusform>
            <numerusform>Writes %n shards: %1 … %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot plan the shards: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a task of this file; its tasks are: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a number in (0, 1]; “%2” is not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keep fraction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a valid %2 id: use letters, digits, - and _.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file already has a %1 named “%2” (it has: %3); choose a new name.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::OverviewView</name>
    <message>
        <source>%1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 K</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in the header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sliding window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>linear (gated delta rule)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — a %2 model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 parameters · %2 · %3 bits per weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Envelope and sections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Talk to this model on the CPU engine, in a window of its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a runnable model: the header has no arch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check every hash of the file and its signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare this file with another CMF file: tensors, header and sections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task masks and skills: their quality, and the jobs that make, apply and export them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The envelope: where every section of the file lies, byte for byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size and precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokenizer and chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task masks and skills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature and memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Family</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not named (no arch_name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 query, %2 key/value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 wide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>window %1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts (MoE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draft head (MTP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s)</source>
        <translation>
            <numerusform>%n layer</numerusform>
            <numerusform>%n layers</numerusform>
        </translation>
    </message>
    <message>
        <source>Shard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bits per weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quant_type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading %1 of tokenizer.json…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary (arch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no arch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes, in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generation defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more on the Tasks &amp; skills page</source>
        <translation>
            <numerusform>… and %n more on the Tasks &amp; skills page</numerusform>
            <numerusform>… and %n more on the Tasks &amp; skills page</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2 of the FFN off; quality: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Masks (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: the file has no masks section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A mask marked “not measured” has no recorded quality (§5.1): check it before relying on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — quality: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skills (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hash the whole file and check %1.sig beside it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no estimate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 weights + %2 KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no budget: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory to chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read tokenizer of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not read it: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1, %2 tokens (%n added)</source>
        <translation>
            <numerusform>%1, %2 tokens (%n added)</numerusform>
            <numerusform>%1, %2 tokens (%n added)</numerusform>
        </translation>
    </message>
    <message>
        <source>unnamed model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check signature of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>INVALID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tasks &amp;&amp; skills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: the header has no arch,
so this is not a runnable model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (dense FFN, %1 wide)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 experts, top-%2, shared expert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 experts, top-%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2, the set complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2, the set did not open:
the numbers are this shard&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) in the set
%3 in this shard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 bytes)
the set: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %2, %n tensor(s)</source>
        <translation>
            <numerusform>%1: %2, %n tensor</numerusform>
            <numerusform>%1: %2, %n tensors</numerusform>
        </translation>
    </message>
    <message>
        <source>Dtype mix (bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (no vocab section):
no chat, no text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: runtimes use ChatML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at a %2-token context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+ %1 recurrent state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than this machine can give: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this machine can give %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What bounds it: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chat window&apos;s default context, the backbone without a task mask, as the engine estimates it before loading (cmf info --json &quot;memory&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking hashes the whole file: press Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not signed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no %1 beside the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>valid, signed by %1
(a trusted signer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>valid; the signer is not
in your trusted keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anyone can make a valid signature with their own key: see the Signature page to trust this one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none in the file: chats start from the workbench&apos;s defaults, cmf run is greedy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>greedy (do_sample false)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top-k %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top-p %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min-p %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>repetition penalty %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stops at ids %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::PlaygroundView</name>
    <message>
        <source>normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>special</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>byte fallback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hello, world! Tokenizers split text into pieces: &quot;unbelievably&quot; and 1234567 too.
Ünïcödé, 日本語 and emoji 🙂 take several bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokenizer playground</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading tokenizer.json…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This file has no tokenizer section (vocab_off = 0): there is nothing to try.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load tokenizer playground for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the tokenizer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type or paste text to tokenize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add special tokens (BOS, [CLS]…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The post-processor&apos;s tokens, as cmf tokenize adds them unless --no-add-special</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recognise special tokens in the text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: special-token text such as &lt;|im_end|&gt; is tokenized as ordinary text (cmf tokenize --split-special)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show ids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token ids separated by commas or spaces, or a JSON array, decoded as cmf tokenize --decode does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. 9707, 1879 or [9707, 1879]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip special tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text: a substring of the token or of what it decodes to; Id: one id; Regex: a regular expression searched in both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search the vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add generation prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You are a helpful assistant.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What does the word anchor mean?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokenizer, %2 ids (%3 special). The same code as cmf tokenize and cmf template.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chat template does not parse: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This file has no chat template: rendered with the ChatML fallback (§6.1), as cmf template does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rendered with the file&apos;s chat template, as cmf template renders it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undefined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bos_token: %1, eos_token: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… the first %1 of %2 tokens are shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token %1: id %2
spelling: %3
text: %4
kind: %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This text cannot be tokenized: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens · %2 characters · %3 bytes · %4 bytes per token · %5 characters per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching %1 ids…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 matches; the first %2 are listed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n match(es).</source>
        <translation>
            <numerusform>%n match.</numerusform>
            <numerusform>%n matches.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens · %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::PreviewModel</name>
    <message>
        <source>[%1, %2] = %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::QualityContractView</name>
    <message>
        <source>Quality contract</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>§5.1: quality is a held-out contract, not a declaration — a writer without a measured metric writes null.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOT MEASURED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quality is null: the writer measured nothing, so the file makes no quality claim for this task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>masked perplexity ÷ dense perplexity on held-out text: 1.0 = no loss, higher = worse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOT MEASURED: the mask carries no held-out quality (quality = null, §5.1). Its effect on the model is unknown; the runtime warns when switching to it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::QuantPicker</name>
    <message>
        <source>vbit: the mean width of a row&apos;s codes, 3 to 8 bits; each row gets 3, 4, 5, 6 or 8 by its amplitude.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean bits (vbit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — at most %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::QuantView</name>
    <message>
        <source>The Hugging Face folder this file was converted from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source checkpoint:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dequantized values against the source: relative RMS error ‖q − w‖/‖w‖ and the largest |q − w| per tensor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relative RMS error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max |error|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source checkpoint folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantization error of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not measure: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Far above what %1 reaches on its own source (%2): this checkpoint is probably not its source.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::RoutingView</name>
    <message>
        <source>Text to route (or a file); the statistics count, per MoE layer, how many tokens selected each expert:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run on the text as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run on a file as %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no statistics yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run or load statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap of A and B (Σ min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route statistics (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selection frequency (share of a layer&apos;s selections)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 tokens, top-%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not route statistics: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::RowScalesModel</name>
    <message>
        <source>Mean of the row&apos;s 32-weight group scales</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outliers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::RowSeriesChart</name>
    <message>
        <source>row</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::RowWidthsPanel</name>
    <message>
        <source>Tensor:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows per line:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No vbit or vbit_ro tensors in this file: every row of its quantized tensors has the same width.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vbit gives each row its own width (3–8 bits) by water-filling toward the tensor&apos;s mean budget (§3.2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The payload of %1 is shorter than its width table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n bit(s)</source>
        <translation>
            <numerusform>%n bit</numerusform>
            <numerusform>%n bits</numerusform>
        </translation>
    </message>
    <message>
        <source>Bits per row of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+ row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>past the last row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor row %1: %2 codes of this width, %3 bytes packed
group scales: min %4, mean %5, max %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bits per row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows × %2; widths %3–%4 bits, mean %5 (the codes). With scales, widths%6 and padding the tensor costs %7 bits per weight. %8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, row offsets</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::ScaleProfilesPanel</name>
    <message>
        <source>Tensor:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No quantized tensors with scales in this file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean group scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max group scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column field θ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each tile&apos;s scale is 2^(lo + code · step) on its row&apos;s 32-rung ladder; the profile shows the scales the codes pick.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>w = q · scale[row] · θ[column]: the row scale on the left, the column field on the right.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::SectionBar</name>
    <message>
        <source>%1
offset %2
length %3 (%4 of the file)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::ServeView</name>
    <message>
        <source>Serve %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>127.0.0.1: this machine only. 0.0.0.0: every interface (set a key then)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any free port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: no Authorization header needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replies generated at once, each with its own KV cache; more requests wait in a queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not serving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy snippet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving %1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>listening beyond this machine without a key: anyone who can reach port %1 can use this model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped; the port is free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(stream)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(cancelled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests: %1 (%2 completed, %3 cancelled, %4 refused with the queue full, %5 failed) · tokens: %6 prompt, %7 completion</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The language changes when the workbench starts next time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads used for hashing and decoding; automatic uses one per core.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker threads:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trusted signer keys (a valid .sig by one of these is shown as trusted):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ed25519 public key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add key…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add trusted key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ed25519 public key (64 hex digits):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A public key is 64 hexadecimal digits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row %1: a public key is 64 hexadecimal digits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> pt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>system (%1 pt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The size of the interface&apos;s text; tables, charts and heatmap labels follow it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Font size:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::ShardPicker</name>
    <message>
        <source> GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured as the tensors&apos; size at f32 (§10): a tensor is never split, so a shard may hold one larger tensor alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest shard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split into shards of at most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sharding</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::ShardsView</name>
    <message>
        <source>Shards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This file is shard %1 of %2. Every shard is a valid file on its own; the model is the union of their directories, and masks, tokenizer, chat template and skills live in shard 1 only (spec §10).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The set could not be assembled: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The views show this shard alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) in the merged directory, %1 in all files.</source>
        <translation>
            <numerusform>%n tensor in the merged directory, %1 in all files.</numerusform>
            <numerusform>%n tensors in the merged directory, %1 in all files.</numerusform>
        </translation>
    </message>
    <message>
        <source>Double-click to open this shard</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by action or key…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::SignatureView</name>
    <message>
        <source>Signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A detached Ed25519 signature &lt;file&gt;.sig proves who published the file: it signs the SHA-256 of the whole file, so the container itself is never rewritten (spec §8.2). Its absence is not an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify the whole file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust this signer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking %1.sig against the file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check signature of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>INVALID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not check the signature: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Not signed.&lt;/b&gt; There is no %1 beside the file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Signature valid.&lt;/b&gt; The file is exactly what the holder of this key signed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signer: &lt;b&gt;%1&lt;/b&gt; (in your trusted keys).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The signer is &lt;b&gt;not&lt;/b&gt; in your trusted keys: anyone can make a valid signature with their own key. Check the key below with its owner before trusting it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Signature INVALID:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Public key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::SkillsView</name>
    <message>
        <source>Skills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This file has no skills registry. A skill is a set of full-shape replacement tensors named skill.{id}.{tensor} over the shared backbone; at run time the engine reads the replacement instead of the backbone tensor (spec §9).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n skill(s) over one backbone.</source>
        <translation>
            <numerusform>%n skill over one backbone.</numerusform>
            <numerusform>%n skills over one backbone.</numerusform>
        </translation>
    </message>
    <message>
        <source>SKILL_FILE is set: this is a standalone skill, not runnable alone; apply it to the base whose directory hash it names (§9.1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base directory hash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DType</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::TasksView</name>
    <message>
        <source>not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held-out ppl ×%1 (dense %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ppl %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN sparsity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quality (§5.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert area</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quality (held-out)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Routing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Task masks&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Skills&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operations (each writes a new file, in the background)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>subspace (phi layer %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory to chat with the backbone at a %1-token context: %2 of weights + %3 of KV cache = %4 (cmf info --json &quot;memory&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No memory estimate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory to chat with the backbone at a %1-token context: %2 of weights + %3 of KV cache + %4 of recurrent state with its checkpoints = %5 (cmf info --json &quot;memory&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::TensorDetailView</name>
    <message>
        <source>This dtype stores values directly; it has no scales.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q8_row: int8 codes and one f16 scale per row; w = q · scale[row].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q8_2f: int8 codes, an f16 scale per row and an f16 field per column; w = q · scale[row] · col[column].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q4_block: 4-bit codes in groups of 32 over the flattened tensor, one f16 scale per group; w = (q − 8) · scale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q4_tiled: 18-byte tiles of one f16 scale and 32 nibbles.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q4tp: q4 tiles whose scales are 5-bit rungs of a per-row ladder 2^(lo + code · step).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vbit: each row has its own bit width (3–8) and one f16 scale per 32 weights; w = (u − L) · scale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q1: one sign bit per weight and one f16 scale per 32; w = ±scale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q1s: a q1 base plus a list of outliers kept at f16 precision.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q1t: ternary {−s, 0, +s} tiles plus per-row outliers at f16 precision.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reserved dtype without a defined layout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export .npy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the dequantized values as a float32 NumPy array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DType</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bits per weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hash64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In weight blob</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer / family</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Std</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zeros</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Abs sum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max |x|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not finite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Histogram of dequantized values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First row:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in shard %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in a layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This dtype is reserved and has no decoder, so its values cannot be shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing statistics…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 values, mean %2, std %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not decode this tensor: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics of %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Values of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rows %1–%2 of %3, columns 0–%4 of %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Column field: %n value(s) from %1 to %2.</source>
        <translation>
            <numerusform>Column field: %n value from %1 to %2.</numerusform>
            <numerusform>Column field: %n values from %1 to %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not decode: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export tensor as .npy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NumPy arrays (*.npy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 float32 values written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export of %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::TensorDiffModel</name>
    <message>
        <source>same</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only in A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only in B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hash64 A %1
hash64 B %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Σ(a−b)² / Σa² over the dequantized values: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DType A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DType B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NMSE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normalised mean squared error of B against A over the dequantized values, Σ(a−b)² / Σa². 0 for identical tensors; — where it cannot be computed (shapes differ, a side is missing).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::TensorDirectoryModel</name>
    <message>
        <source>layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in a layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>directory record %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file offset %1, %2 into the weight blob</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outside the layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>(%n tensor(s))</source>
        <translation>
            <numerusform>(%n tensor)</numerusform>
            <numerusform>(%n tensors)</numerusform>
        </translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DType</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bits/w</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hash64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor name, as in the source model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encoding of the weights (spec §3.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logical shape of the tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes the tensor occupies in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes × 8 / elements, scales and tables included</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position of the first byte in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hash64 of the tensor bytes recorded in the directory (spec §8)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shard file that holds the tensor (spec §10)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid regular expression at position %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::TensorSummaryPanel</name>
    <message>
        <source>Bytes per dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes per tensor family</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embeddings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>norms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>other</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::TensorsView</name>
    <message>
        <source>Tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by name (e.g. layers.3. or mlp)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group by layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bits/w</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 tensors · %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::TokenizerView</name>
    <message>
        <source>Tokenizer and chat template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokenizer.json: %1 at offset %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded hash64: %1 (checked by Verify).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This file has no tokenizer section (vocab_off = 0): a tokenizer must come from elsewhere.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normalizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre-tokenizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decoder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Post-processor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End of sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Beginning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Padding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added and special tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Special</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Chat template (%n character(s))</source>
        <translation>
            <numerusform>Chat template (%n character)</numerusform>
            <numerusform>Chat template (%n characters)</numerusform>
        </translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No chat template in the header: runtimes fall back to ChatML (§6.1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: the header has no tokenizer_config block; runtimes use ChatML (§6.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading tokenizer.json…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read tokenizer of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the tokenizer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokenizer.json does not parse: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>byte fallback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens, %2 added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::TranscriptView</name>
    <message numerus="yes">
        <source>%n earlier message(s) not shown.</source>
        <translation>
            <numerusform>%n earlier message not shown.</numerusform>
            <numerusform>%n earlier messages not shown.</numerusform>
        </translation>
    </message>
    <message>
        <source>Show earlier messages</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::TrustDialog</name>
    <message>
        <source>Trust signer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Public key:
%1

Compare it with the key its owner gave you. Name to remember it by:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::VerifySignPanel</name>
    <message>
        <source>Drop a CMF file here to verify it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check every hash of the file and its .sig</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write &lt;file&gt;.sig with your signing key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust this signer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What Verify finds is listed here, each problem with what it means.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signing key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose key…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generate key…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No key chosen. Sign needs a private key file; generate one if you have none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop a file or choose one, then Verify or Sign.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify checks every hash of %1 and its signature.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a valid CMF file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n problem</numerusform>
            <numerusform>%n problems</numerusform>
        </translation>
    </message>
    <message>
        <source>Verifying %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not verify: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verification cancelled; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify %1 cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOT A VALID CMF FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a valid CMF file: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VALID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>INVALID</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s), %1 hashed in %2.</source>
        <translation>
            <numerusform>%n tensor, %1 hashed in %2.</numerusform>
            <numerusform>%n tensors, %1 hashed in %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Every hash matches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) found.</source>
        <translation>
            <numerusform>%n problem found.</numerusform>
            <numerusform>%n problems found.</numerusform>
        </translation>
    </message>
    <message>
        <source>No problems.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every tensor hash, the header and directory hashes and the section hashes match what the file recorded when it was written; every tensor payload has the structure its dtype requires.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 verified: every hash matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 failed verification: %n problem(s)</source>
        <translation>
            <numerusform>%1 failed verification: %n problem</numerusform>
            <numerusform>%1 failed verification: %n problems</numerusform>
        </translation>
    </message>
    <message>
        <source>Not signed (no .sig beside the file).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature INVALID.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Claimed signer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trusted key: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This signer is not in your trusted keys.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGNED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed %1: wrote %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOT SIGNED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signing failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signing %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signing cancelled; no .sig was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generate key %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>public key %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>My key (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ Keep %1 private. Anyone who has this file can sign models in your name. It was saved readable only by you (mode 0600); back it up somewhere safe and never share it. Share the public key instead:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated signing key %1 — keep it private; public key %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not create the key: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key generation failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a file to verify or sign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CMF files (*.cmf);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose your private signing key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key files (*.key);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save a new PRIVATE signing key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key files (*.key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already exists; keys are never overwritten. Choose another name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stopped: the Verify / Sign panel now acts on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify / Sign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify / Sign — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not signed: %1 is not a valid CMF file (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused to sign %1: it is not a valid CMF file: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Refused to sign %1: it fails verification, %n problem(s)</source>
        <translation>
            <numerusform>Refused to sign %1: it fails verification, %n problem</numerusform>
            <numerusform>Refused to sign %1: it fails verification, %n problems</numerusform>
        </translation>
    </message>
    <message>
        <source>refused: fails verification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused: not a valid CMF file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verifying and signing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stopped: the Verify / Sign panel no longer has a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Not signed: %1 fails verification (%n problem(s)); no .sig was written.</source>
        <translation>
            <numerusform>Not signed: %1 fails verification (%n problem); no .sig was written.</numerusform>
            <numerusform>Not signed: %1 fails verification (%n problems); no .sig was written.</numerusform>
        </translation>
    </message>
    <message>
        <source>A signature vouches for the file&apos;s bytes; these no longer match what the file recorded when it was written, so it is not signed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cmfw::VocabTableModel</name>
    <message>
        <source>normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>special</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decodes to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge rank</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
