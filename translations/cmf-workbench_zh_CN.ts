<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BitsText</name>
    <message>
        <source>f32: 32 bits per weight, no scales.</source>
        <translation>f32：每权重 32 位，无缩放系数。</translation>
    </message>
    <message>
        <source>f16: 16 bits per weight, no scales.</source>
        <translation>f16：每权重 16 位，无缩放系数。</translation>
    </message>
    <message>
        <source>bf16: 16 bits per weight, no scales.</source>
        <translation>bf16：每权重 16 位，无缩放系数。</translation>
    </message>
    <message>
        <source>u8: 8 bits per value, no scales.</source>
        <translation>u8：每个值 8 位，无缩放系数。</translation>
    </message>
    <message>
        <source>q8_row: 8-bit codes + one f16 scale per row = 8 + 16 / in.</source>
        <translation>q8_row：8 位码值 + 每行一个 f16 缩放系数 = 8 + 16 / in。</translation>
    </message>
    <message>
        <source>q8_2f: 8-bit codes + an f16 scale per row + an f16 field per column = 8 + 16 / in + 16 / out.</source>
        <translation>q8_2f：8 位码值 + 每行一个 f16 缩放系数 + 每列一个 f16 场值 = 8 + 16 / in + 16 / out。</translation>
    </message>
    <message>
        <source>q4_block: 4-bit codes + one f16 scale per 32 weights of the flattened tensor = 4.5 (the last group is zero-padded).</source>
        <translation>q4_block：4 位码值 + 展平张量上每 32 个权重一个 f16 缩放系数 = 4.5（最后一组用零填充）。</translation>
    </message>
    <message>
        <source>q4_tiled: 18-byte tiles of 32 4-bit codes and an f16 scale = 4.5.</source>
        <translation>q4_tiled：由 32 个 4 位码值和一个 f16 缩放系数组成的 18 字节块 = 4.5。</translation>
    </message>
    <message>
        <source>q4tp: 4-bit codes + a 5-bit rung per 32 weights + f16 lo and step per row = 4 + 5 / 32 + 32 / in.</source>
        <translation>q4tp：4 位码值 + 每 32 个权重一个 5 位档位 + 每行 f16 的 lo 和 step = 4 + 5 / 32 + 32 / in。</translation>
    </message>
    <message>
        <source>vbit: each row&apos;s own width (3–8 bits, the codes) + an f16 scale per 32 weights (0.5) + a u8 width per row; every row is padded to a byte.</source>
        <translation>vbit：每行各自的位宽（3–8 位，即码值）+ 每 32 个权重一个 f16 缩放系数（0.5）+ 每行一个 u8 位宽；每行都填充到整字节。</translation>
    </message>
    <message>
        <source>vbit_ro: each row&apos;s own width (3–8 bits, the codes) + an f16 scale per 32 weights (0.5) + a u8 width and a u32 row offset per row; every row is padded to a byte.</source>
        <translation>vbit_ro：每行各自的位宽（3–8 位，即码值）+ 每 32 个权重一个 f16 缩放系数（0.5）+ 每行一个 u8 位宽和一个 u32 行偏移；每行都填充到整字节。</translation>
    </message>
    <message>
        <source>q1: 1 sign bit + one f16 scale per 32 weights = 1.5.</source>
        <translation>q1：1 个符号位 + 每 32 个权重一个 f16 缩放系数 = 1.5。</translation>
    </message>
    <message>
        <source>q1s: the q1 base (1.5) + 48 bits for each outlier kept at f16.</source>
        <translation>q1s：q1 基础（1.5）+ 每个以 f16 保存的离群值 48 位。</translation>
    </message>
    <message>
        <source>q1t: base-3 codes, 5 per byte (7 bytes per 32 weights = 1.75) + one f16 scale per 32 + a per-row table and 32 bits per outlier.</source>
        <translation>q1t：三进制码值，每字节 5 个（每 32 个权重 7 字节 = 1.75）+ 每 32 个一个 f16 缩放系数 + 按行的表及每个离群值 32 位。</translation>
    </message>
    <message>
        <source>Reserved dtype without a layout: bytes × 8 / weights.</source>
        <translation>保留的数据类型，没有布局：字节数 × 8 / 权重数。</translation>
    </message>
</context>
<context>
    <name>Explain</name>
    <message>
        <source>Tensor bytes changed</source>
        <translation>张量字节已被改动</translation>
    </message>
    <message>
        <source>Header changed</source>
        <translation>头部已被改动</translation>
    </message>
    <message>
        <source>Tensor directory changed</source>
        <translation>张量目录已被改动</translation>
    </message>
    <message>
        <source>Section changed</source>
        <translation>数据段已被改动</translation>
    </message>
    <message>
        <source>Mask has bits past its end</source>
        <translation>掩码在末尾之外置了位</translation>
    </message>
    <message>
        <source>Tensor payload is malformed</source>
        <translation>张量数据格式错误</translation>
    </message>
    <message>
        <source>Feature bit missing</source>
        <translation>缺少特性位</translation>
    </message>
    <message>
        <source>Signature does not check</source>
        <translation>签名校验失败</translation>
    </message>
    <message>
        <source>The weights of this tensor no longer hash to the value the directory recorded when the file was written: at least one byte was changed or damaged on disk or in transfer. The model would compute with corrupted weights.</source>
        <translation>该张量权重的哈希与写入文件时目录记录的值不再一致：至少有一个字节在磁盘上或传输中被改动或损坏。模型将会使用损坏的权重进行计算。</translation>
    </message>
    <message>
        <source>The JSON header (architecture, chat template, provenance) differs from the one the file was written with; the hash stored in the envelope does not match it.</source>
        <translation>JSON 头部（架构、对话模板、来源信息）与写入文件时的不同；信封中保存的哈希与之不符。</translation>
    </message>
    <message>
        <source>The tensor directory (names, shapes, offsets, hashes) differs from the one the file was written with; the hash stored in the envelope does not match it.</source>
        <translation>张量目录（名称、形状、偏移、哈希）与写入文件时的不同；信封中保存的哈希与之不符。</translation>
    </message>
    <message>
        <source>A section (masks, tokenizer or sparse index) differs from the one recorded in the header&apos;s section_hashes, or the header records a section the file does not have.</source>
        <translation>某个数据段（掩码、分词器或稀疏索引）与头部 section_hashes 中记录的不同，或者头部记录了文件中并不存在的数据段。</translation>
    </message>
    <message>
        <source>A task mask sets bits beyond the number of neurons, heads or layers it covers. The spec requires them to be zero, otherwise active counts include phantom units.</source>
        <translation>任务掩码在其覆盖的神经元、注意力头或层数之外置了位。规范要求这些位为零，否则活跃计数会包含并不存在的单元。</translation>
    </message>
    <message>
        <source>The bytes of this tensor do not have the structure its dtype defines (bit widths, row table, outlier list); decoding it would fail or read garbage.</source>
        <translation>该张量的字节不符合其数据类型规定的结构（位宽、行表、离群值列表）；解码将会失败或读出无意义的数据。</translation>
    </message>
    <message>
        <source>The file uses a feature without raising its bit in required_features, so an older reader would misread it instead of refusing it.</source>
        <translation>文件使用了某项特性，却没有在 required_features 中置位，因此旧版读取器会误读它，而不是拒绝它。</translation>
    </message>
    <message>
        <source>The detached .sig beside the file does not match the file&apos;s contents or is malformed: the file was changed after it was signed, or the signature belongs to another file.</source>
        <translation>文件旁的独立签名 .sig 与文件内容不符或格式错误：文件在签名后被修改过，或者该签名属于另一个文件。</translation>
    </message>
    <message>
        <source>Not a CMF file</source>
        <translation>不是 CMF 文件</translation>
    </message>
    <message>
        <source>Unsupported CMF version</source>
        <translation>不支持的 CMF 版本</translation>
    </message>
    <message>
        <source>Requires a feature this reader does not implement</source>
        <translation>需要本读取器未实现的特性</translation>
    </message>
    <message>
        <source>Truncated or out-of-bounds data</source>
        <translation>数据被截断或越界</translation>
    </message>
    <message>
        <source>Malformed structure</source>
        <translation>结构错误</translation>
    </message>
    <message>
        <source>Hash mismatch</source>
        <translation>哈希不匹配</translation>
    </message>
    <message>
        <source>The file cannot be read</source>
        <translation>无法读取文件</translation>
    </message>
    <message>
        <source>Signature or key problem</source>
        <translation>签名或密钥错误</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>A CMF v2 file starts with the four bytes &quot;CMF&quot; 0x01. This file starts with something else, so it is a different kind of file, or its beginning was overwritten.</source>
        <translation>CMF v2 文件以四个字节 “CMF” 0x01 开头。此文件的开头是别的内容：它是另一种文件，或者其开头被覆盖了。</translation>
    </message>
    <message>
        <source>The envelope names a format version other than 2. Version 1 is retired and later versions are not known to this workbench; reading it anyway could silently misinterpret the data.</source>
        <translation>信封中的格式版本不是 2。版本 1 已废弃，更新的版本本工具并不认识；强行读取可能会在不知不觉中误解数据。</translation>
    </message>
    <message>
        <source>The file sets a bit in required_features that this reader does not implement. The format demands refusing such a file instead of reading it as best it can.</source>
        <translation>文件在 required_features 中设置了本读取器未实现的位。格式要求拒绝此类文件，而不是尽量去读。</translation>
    </message>
    <message>
        <source>An offset or length points outside the file or outside its section: the file is shorter than its own tables say (an interrupted download or copy), or the tables are damaged.</source>
        <translation>某个偏移或长度指向了文件或其数据段之外：文件比它自己的表所声明的要短（下载或复制被中断），或者这些表已损坏。</translation>
    </message>
    <message>
        <source>A structure inside the file is malformed: the JSON header does not parse, or a tensor record has an invalid name, an unknown dtype, too many dimensions or a duplicate name.</source>
        <translation>文件内部结构错误：JSON 头部无法解析，或某条张量记录的名称无效、数据类型未知、维度过多或名称重复。</translation>
    </message>
    <message>
        <source>Stored and computed hashes differ: the data was changed after it was written.</source>
        <translation>存储的哈希与计算出的哈希不同：数据在写入后被修改过。</translation>
    </message>
    <message>
        <source>The operating system refused to open or map the file: it may not exist, be a directory, or you may lack permission to read it.</source>
        <translation>操作系统拒绝打开或映射该文件：它可能不存在、是一个目录，或者您没有读取权限。</translation>
    </message>
    <message>
        <source>A key file or public key is malformed.</source>
        <translation>密钥文件或公钥格式错误。</translation>
    </message>
    <message>
        <source>The operation was cancelled before it finished.</source>
        <translation>操作在完成之前被取消。</translation>
    </message>
    <message>
        <source>Spec §1 (envelope) and §1.2: magic must be &quot;CMF\x01&quot;.</source>
        <translation>规范 §1（信封）与 §1.2：魔数必须为 “CMF\x01”。</translation>
    </message>
    <message>
        <source>Spec §1.2: version must be 2.</source>
        <translation>规范 §1.2：版本必须为 2。</translation>
    </message>
    <message>
        <source>Spec §1.1 and §1.2: an unknown required_features bit is an error.</source>
        <translation>规范 §1.1 与 §1.2：未知的 required_features 位即为错误。</translation>
    </message>
    <message>
        <source>Spec §1.2: every section must end inside the file, data_off must be a multiple of 4096 and every tensor must end inside the weight blob.</source>
        <translation>规范 §1.2：每个数据段都必须在文件内结束，data_off 必须是 4096 的倍数，每个张量都必须在权重块内结束。</translation>
    </message>
    <message>
        <source>Spec §1.2, §2 and §3: names are UTF-8 and unique, dtypes are known, ndim ≤ 6, the header is a JSON object.</source>
        <translation>规范 §1.2、§2 与 §3：名称为唯一的 UTF-8 字符串，数据类型已知，ndim ≤ 6，头部为 JSON 对象。</translation>
    </message>
    <message>
        <source>Spec §8 and §8.1: hash64 of tensors and sections.</source>
        <translation>规范 §8 与 §8.1：张量与数据段的 hash64。</translation>
    </message>
    <message>
        <source>binary tensor directory (always set in v2)</source>
        <translation>二进制张量目录（v2 中始终置位）</translation>
    </message>
    <message>
        <source>masks section present</source>
        <translation>存在掩码段</translation>
    </message>
    <message>
        <source>two-field quantization: q8_2f or vbit tensors</source>
        <translation>双场量化：q8_2f 或 vbit 张量</translation>
    </message>
    <message>
        <source>reserved: XOR mask deltas (refused)</source>
        <translation>保留：XOR 掩码增量（拒绝）</translation>
    </message>
    <message>
        <source>reserved: hot packs (refused)</source>
        <translation>保留：热数据包（拒绝）</translation>
    </message>
    <message>
        <source>mask rows are per visit of a looped transformer</source>
        <translation>掩码行对应循环 Transformer 的每一遍</translation>
    </message>
    <message>
        <source>standalone skill file, not runnable alone</source>
        <translation>独立技能文件，不能单独运行</translation>
    </message>
    <message>
        <source>unknown to this reader</source>
        <translation>本读取器未知</translation>
    </message>
    <message>
        <source>Bytes no hash covers</source>
        <translation>没有哈希保护的字节</translation>
    </message>
    <message>
        <source>Some bytes belong to no section and no tensor, so no hash protects them, and they are not zero. A file written in one go has only zero padding there; a file grown in place keeps its old header and directory there. They could also hide data behind a valid hash chain. `cmf compact` rewrites the file without them; `cmf verify --strict` fails on them.</source>
        <translation>有些字节不属于任何分区或张量，因此没有哈希保护它们，而且它们不为零。一次写成的文件在这些位置只有零填充；原地增长的文件会在这里保留旧的头部和目录。这些位置也可能在有效的哈希链背后藏匿数据。`cmf compact` 会重写文件并去掉它们；`cmf verify --strict` 会把它们视为问题。</translation>
    </message>
</context>
<context>
    <name>ImportJobs</name>
    <message>
        <source>%1 is not a folder</source>
        <translation>%1 不是文件夹</translation>
    </message>
    <message>
        <source>%1 has no config.json: not a Hugging Face model folder</source>
        <translation>%1 没有 config.json：不是 Hugging Face 模型文件夹</translation>
    </message>
    <message>
        <source>Import %1 as %2</source>
        <translation>将 %1 导入为 %2</translation>
    </message>
    <message>
        <source>imported %1: %2 tensors, %3 → %4 shards (%5 …)</source>
        <translation>已导入 %1：%2 个张量，%3 → %4 个分片（%5 …）</translation>
    </message>
    <message>
        <source>imported %1: %2 tensors, %3 → %4</source>
        <translation>已导入 %1：%2 个张量，%3 → %4</translation>
    </message>
</context>
<context>
    <name>ModelJobs</name>
    <message>
        <source>task &apos;%1&apos;: sparsity %2, quality %3 → %4</source>
        <translation>任务“%1”：稀疏度 %2，质量 %3 → %4</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>specialist: %1% of FFN pruned, perplexity ratio %2 → %3</source>
        <translation>专精模型：剪除了 %1% 的 FFN，困惑度比 %2 → %3</translation>
    </message>
    <message>
        <source>skill &apos;%1&apos;: %2 tensors, perplexity %3 → %4 with it → %5</source>
        <translation>技能“%1”：%2 个张量，困惑度 %3 → 使用后 %4 → %5</translation>
    </message>
    <message>
        <source>skill &apos;%1&apos;: %2 tensors carried, %3 bytes → %4</source>
        <translation>技能“%1”：携带 %2 个张量，%3 字节 → %4</translation>
    </message>
    <message>
        <source>applied &apos;%1&apos;%2 → %3</source>
        <translation>已应用“%1”%2 → %3</translation>
    </message>
    <message>
        <source> (forced onto a different base)</source>
        <translation>（强制应用到不同的基础模型）</translation>
    </message>
    <message>
        <source>task &apos;%1&apos; baked: %2% of FFN pruned → %3</source>
        <translation>任务“%1”已固化：剪除了 %2% 的 FFN → %3</translation>
    </message>
    <message>
        <source>expert-area task &apos;%1&apos;: %2 of experts not routable → %3</source>
        <translation>专家区任务“%1”：%2 的专家不可路由 → %3</translation>
    </message>
    <message>
        <source>experts beyond cover %1 dropped → %2</source>
        <translation>已删除覆盖率 %1 以外的专家 → %2</translation>
    </message>
    <message>
        <source>route statistics over %1 tokens → %2</source>
        <translation>基于 %1 个 token 的路由统计 → %2</translation>
    </message>
    <message>
        <source>compacted → %1</source>
        <translation>已压缩 → %1</translation>
    </message>
    <message>
        <source>requantized to %1 → %2</source>
        <translation>已重新量化为 %1 → %2</translation>
    </message>
    <message>
        <source>Calibrate &apos;%1&apos; on %2</source>
        <translation>在 %2 上校准“%1”</translation>
    </message>
    <message>
        <source>Bake a specialist from %1</source>
        <translation>从 %1 固化专精模型</translation>
    </message>
    <message>
        <source>Add skill &apos;%1&apos; to %2</source>
        <translation>向 %2 添加技能“%1”</translation>
    </message>
    <message>
        <source>Export skill &apos;%1&apos; from %2</source>
        <translation>从 %2 导出技能“%1”</translation>
    </message>
    <message>
        <source>Apply %1 to %2</source>
        <translation>将 %1 应用到 %2</translation>
    </message>
    <message>
        <source>Defrag &apos;%1&apos; of %2</source>
        <translation>对 %2 中的“%1”进行碎片整理</translation>
    </message>
    <message>
        <source>Expert mask &apos;%1&apos; for %2</source>
        <translation>为 %2 生成专家掩码“%1”</translation>
    </message>
    <message>
        <source>MoE defrag of %1</source>
        <translation>%1 的 MoE 碎片整理</translation>
    </message>
    <message>
        <source>Route statistics of %1</source>
        <translation>%1 的路由统计</translation>
    </message>
    <message>
        <source>Compact %1</source>
        <translation>压缩 %1</translation>
    </message>
    <message>
        <source>Requantize %1</source>
        <translation>重新量化 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n shard(s) of at most %1 GB → %2</source>
        <translation>
            <numerusform>%n 个分片，每个最多 %1 GB → %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Requantize %1 to %2</source>
        <translation>将 %1 重新量化为 %2</translation>
    </message>
    <message>
        <source>Shard %1</source>
        <translation>分片 %1</translation>
    </message>
    <message>
        <source>Calibrate a mask…</source>
        <translation>校准掩码…</translation>
    </message>
    <message>
        <source>Bake a specialist…</source>
        <translation>烘焙专用模型…</translation>
    </message>
    <message>
        <source>Add a skill from a donor…</source>
        <translation>从供体添加技能…</translation>
    </message>
    <message>
        <source>Export as skill file…</source>
        <translation>导出为技能文件…</translation>
    </message>
    <message>
        <source>Apply a skill file…</source>
        <translation>应用技能文件…</translation>
    </message>
    <message>
        <source>Defrag a task…</source>
        <translation>整理任务…</translation>
    </message>
    <message>
        <source>Route statistics…</source>
        <translation>路由统计…</translation>
    </message>
    <message>
        <source>MoE expert mask…</source>
        <translation>MoE 专家掩码…</translation>
    </message>
    <message>
        <source>MoE defrag…</source>
        <translation>MoE 整理…</translation>
    </message>
    <message>
        <source>Compact…</source>
        <translation>压缩…</translation>
    </message>
    <message>
        <source>Requantize…</source>
        <translation>重新量化…</translation>
    </message>
    <message>
        <source>Shard…</source>
        <translation>分片…</translation>
    </message>
</context>
<context>
    <name>OperationAvailability</name>
    <message>
        <source>The file did not open: there is no model to talk to.</source>
        <translation>文件未能打开：没有可对话的模型。</translation>
    </message>
    <message>
        <source>Not a runnable model: the header has no arch.</source>
        <translation>不是可运行的模型：头部没有 arch。</translation>
    </message>
    <message>
        <source>The file has no tokenizer (no vocab section): a chat needs one to read and write text.</source>
        <translation>文件没有分词器（没有 vocab 段）：对话需要它来读写文本。</translation>
    </message>
    <message>
        <source>A shard whose siblings are missing: the set must be complete to run.</source>
        <translation>缺少同组分片的分片：运行需要完整的分片集。</translation>
    </message>
    <message>
        <source>The file did not open.</source>
        <translation>文件未能打开。</translation>
    </message>
    <message>
        <source>The file has no tokenizer (no vocab section): this operation reads text.</source>
        <translation>文件没有分词器（没有 vocab 段）：此操作需要读取文本。</translation>
    </message>
    <message>
        <source>A dense model: expert operations need an MoE file (arch.moe.num_experts).</source>
        <translation>稠密模型：专家操作需要 MoE 文件（arch.moe.num_experts）。</translation>
    </message>
    <message>
        <source>The file has no task masks to defrag: calibrate one first.</source>
        <translation>文件没有可整理的任务掩码：请先校准一个。</translation>
    </message>
    <message>
        <source>A shard: skill files are cut from and applied to a complete single file.</source>
        <translation>分片：技能文件只能从完整的单个文件中切出并应用于它。</translation>
    </message>
</context>
<context>
    <name>PlaygroundText</name>
    <message>
        <source>not a JSON array of ids: %1</source>
        <translation>不是 id 的 JSON 数组：%1</translation>
    </message>
    <message>
        <source>not a JSON array of ids</source>
        <translation>不是 id 的 JSON 数组</translation>
    </message>
    <message>
        <source>item %1 (%2) is not a token id</source>
        <translation>第 %1 项（%2）不是 token id</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a token id (expected e.g. 1, 2, 3 or [1, 2, 3])</source>
        <translation>“%1”不是 token id（应为例如 1, 2, 3 或 [1, 2, 3]）</translation>
    </message>
    <message>
        <source>id %1 is out of range: the vocabulary has ids 0 to %2</source>
        <translation>id %1 超出范围：词表的 id 为 0 到 %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a token id</source>
        <translation>“%1”不是 token id</translation>
    </message>
    <message>
        <source>no token has id %1 (the vocabulary has ids 0 to %2)</source>
        <translation>没有 id 为 %1 的 token（词表的 id 为 0 到 %2）</translation>
    </message>
    <message>
        <source>the regular expression does not compile at %1: %2</source>
        <translation>正则表达式在 %1 处无法编译：%2</translation>
    </message>
    <message>
        <source>the template refused this conversation (raise_exception): %1</source>
        <translation>模板拒绝了此对话（raise_exception）：%1</translation>
    </message>
</context>
<context>
    <name>QAbstractItemView</name>
    <message>
        <source>Export table as CSV…</source>
        <translation>将表格导出为 CSV…</translation>
    </message>
    <message>
        <source>Export table as CSV</source>
        <translation>将表格导出为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>QuantComparison</name>
    <message>
        <source>None of this file&apos;s %1 tensors is in this checkpoint with the same name and shape: it is not the checkpoint this file was converted from, and there is nothing to plot.</source>
        <translation>此文件的 %1 个张量中没有一个以相同名称和形状出现在该检查点中：它不是此文件转换来源的检查点，没有可绘制的内容。</translation>
    </message>
    <message>
        <source>%1 of %2 tensors compared with the checkpoint; the largest relative RMS error is %3 (%4).</source>
        <translation>已与检查点比较 %2 个张量中的 %1 个；最大相对 RMS 误差为 %3（%4）。</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) err far above what their dtype reaches on its own source (e.g. %1: %2 for %3, expected below %4).</source>
        <translation>
            <numerusform>%n 个张量的误差远高于其 dtype 在自身来源上的水平（例如 %1：%3 为 %2，预期低于 %4）。</numerusform>
        </translation>
    </message>
    <message>
        <source>This checkpoint does not look like this file&apos;s source: the errors below measure the difference between two models, not quantization.</source>
        <translation>此检查点看起来不是此文件的来源：下面的误差衡量的是两个模型之间的差异，而不是量化。</translation>
    </message>
    <message>
        <source>Click a row for its error histogram.</source>
        <translation>点击一行查看其误差直方图。</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) of the file are not in the checkpoint: %1.</source>
        <translation>
            <numerusform>文件中有 %n 个张量不在检查点中：%1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) have another shape there: %1.</source>
        <translation>
            <numerusform>%n 个张量在那里形状不同：%1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) are not floating point in the checkpoint: %1.</source>
        <translation>
            <numerusform>检查点中有 %n 个张量不是浮点数：%1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n skill replacement tensor(s) are not compared (no checkpoint holds them).</source>
        <translation>
            <numerusform>%n 个技能替换张量未比较（没有检查点包含它们）。</numerusform>
        </translation>
    </message>
    <message>
        <source> here, </source>
        <translation> 此处，</translation>
    </message>
    <message>
        <source> in the checkpoint</source>
        <translation> 在检查点中</translation>
    </message>
</context>
<context>
    <name>QuantText</name>
    <message>
        <source>32-bit floats: lossless, 4 bytes a weight — the largest file.</source>
        <translation>32 位浮点：无损，每个权重 4 字节——文件最大。</translation>
    </message>
    <message>
        <source>16-bit floats: near lossless, 2 bytes a weight.</source>
        <translation>16 位浮点：近乎无损，每个权重 2 字节。</translation>
    </message>
    <message>
        <source>bfloat16: lossless from a bf16 checkpoint, 2 bytes a weight.</source>
        <translation>bfloat16：对 bf16 检查点无损，每个权重 2 字节。</translation>
    </message>
    <message>
        <source>8 bits a weight with an f16 scale per row: near lossless, the usual choice.</source>
        <translation>每个权重 8 位，每行一个 f16 缩放：近乎无损，常用选择。</translation>
    </message>
    <message>
        <source>8 bits with a row scale and a column field: closer than q8 on outlier inputs, a little larger.</source>
        <translation>8 位，带行缩放和列场：在离群输入上比 q8 更准确，体积略大。</translation>
    </message>
    <message>
        <source>4 bits in groups of 32 with an f16 scale (4.5 bits a weight); an untied lm_head stays q8.</source>
        <translation>每 32 个一组 4 位，带 f16 缩放（每个权重 4.5 位）；未绑定的 lm_head 保持 q8。</translation>
    </message>
    <message>
        <source>q4 in tiles that keep each scale beside its weights: the same size, faster to read.</source>
        <translation>q4 按瓦片存放，缩放紧挨其权重：大小相同，读取更快。</translation>
    </message>
    <message>
        <source>q4 tiles with each scale as a 5-bit rung of a per-row ladder: 4.17 bits a weight.</source>
        <translation>q4 瓦片，缩放为每行阶梯上的 5 位档位：每个权重 4.17 位。</translation>
    </message>
    <message>
        <source>3 to 8 bits per row, louder rows get more, to the mean budget below (with a row table).</source>
        <translation>每行 3 到 8 位，幅度大的行得到更多，总体不超过下面的平均预算（带行偏移表）。</translation>
    </message>
    <message>
        <source>1 bit a weight: only for models trained at 1 bit — it ruins a normal checkpoint.</source>
        <translation>每个权重 1 位：仅适用于以 1 位训练的模型——会毁掉普通检查点。</translation>
    </message>
    <message>
        <source>1 bit plus the largest weights kept exactly: 1-bit quantization of a normal checkpoint.</source>
        <translation>1 位，另外精确保留最大的权重：普通检查点的 1 位量化。</translation>
    </message>
    <message>
        <source>Ternary (−s, 0, +s, about 2.25 bits) plus each row&apos;s largest weights kept exactly.</source>
        <translation>三值（−s、0、+s，约 2.25 位），另外精确保留每行最大的权重。</translation>
    </message>
</context>
<context>
    <name>Text</name>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 TiB</source>
        <translation>%1 TiB</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
</context>
<context>
    <name>cmfw::ArchTableModel</name>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Model family tag</source>
        <translation>模型家族标签</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>Width of the residual stream</source>
        <translation>残差流的宽度</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN 维度</translation>
    </message>
    <message>
        <source>Neurons per feed-forward block (nominal after defrag)</source>
        <translation>每个前馈块的神经元数（碎片整理后为名义值）</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Transformer blocks</source>
        <translation>Transformer 块</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>Query heads per layer</source>
        <translation>每层的查询头数</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头</translation>
    </message>
    <message>
        <source>Key/value heads (grouped-query attention)</source>
        <translation>键/值头（分组查询注意力）</translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>Width of one attention head</source>
        <translation>单个注意力头的宽度</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Rows of the embedding matrix</source>
        <translation>嵌入矩阵的行数</translation>
    </message>
    <message>
        <source>Layer types</source>
        <translation>层类型</translation>
    </message>
    <message>
        <source>Attention kind of each layer</source>
        <translation>每层的注意力类型</translation>
    </message>
    <message>
        <source>RMSNorm epsilon</source>
        <translation>RMSNorm epsilon</translation>
    </message>
    <message>
        <source>Added to the variance in every normalization</source>
        <translation>在每次归一化中加到方差上</translation>
    </message>
    <message>
        <source>Norm style</source>
        <translation>归一化风格</translation>
    </message>
    <message>
        <source>&quot;qwen&quot;: x̂·w, &quot;gemma&quot;: x̂·(1+w) — mandatory for an engine</source>
        <translation>“qwen”：x̂·w，“gemma”：x̂·(1+w) —— 推理引擎必需</translation>
    </message>
    <message>
        <source>RoPE base</source>
        <translation>RoPE 基数</translation>
    </message>
    <message>
        <source>Rotary embedding frequency base of global layers</source>
        <translation>全局层旋转位置编码的频率基数</translation>
    </message>
    <message>
        <source>Rotary fraction</source>
        <translation>旋转比例</translation>
    </message>
    <message>
        <source>Share of each head that is rotated</source>
        <translation>每个头中被旋转的比例</translation>
    </message>
    <message>
        <source>YaRN</source>
        <translation>YaRN</translation>
    </message>
    <message>
        <source>Global long-context RoPE scaling profile</source>
        <translation>全局长上下文 RoPE 缩放配置</translation>
    </message>
    <message>
        <source>Heads per layer</source>
        <translation>各层头数</translation>
    </message>
    <message>
        <source>Overrides the query head count layer by layer</source>
        <translation>逐层覆盖查询头数</translation>
    </message>
    <message>
        <source>Sliding window</source>
        <translation>滑动窗口</translation>
    </message>
    <message>
        <source>Window of SlidingAttention layers</source>
        <translation>SlidingAttention 层的窗口</translation>
    </message>
    <message>
        <source>Local RoPE base</source>
        <translation>局部 RoPE 基数</translation>
    </message>
    <message>
        <source>RoPE base of sliding-window layers</source>
        <translation>滑动窗口层的 RoPE 基数</translation>
    </message>
    <message>
        <source>Local rotary fraction</source>
        <translation>局部旋转比例</translation>
    </message>
    <message>
        <source>Rotary fraction of sliding-window layers</source>
        <translation>滑动窗口层的旋转比例</translation>
    </message>
    <message>
        <source>Tied embeddings</source>
        <translation>共享嵌入</translation>
    </message>
    <message>
        <source>lm_head reuses the embedding matrix</source>
        <translation>lm_head 复用嵌入矩阵</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <source>Longest position the model was trained for</source>
        <translation>模型训练时的最大位置</translation>
    </message>
    <message>
        <source>Linear-attention kernel</source>
        <translation>线性注意力卷积核</translation>
    </message>
    <message>
        <source>Convolution width of linear-attention layers</source>
        <translation>线性注意力层的卷积宽度</translation>
    </message>
    <message>
        <source>Linear-attention key heads</source>
        <translation>线性注意力键头</translation>
    </message>
    <message>
        <source>Key heads of linear-attention layers</source>
        <translation>线性注意力层的键头数</translation>
    </message>
    <message>
        <source>Linear-attention value heads</source>
        <translation>线性注意力值头</translation>
    </message>
    <message>
        <source>Value heads of linear-attention layers</source>
        <translation>线性注意力层的值头数</translation>
    </message>
    <message>
        <source>Multi-token prediction</source>
        <translation>多 token 预测</translation>
    </message>
    <message>
        <source>Draft head for speculative decoding (§2.1)</source>
        <translation>用于投机解码的草稿头（§2.1）</translation>
    </message>
    <message>
        <source>Mixture of experts</source>
        <translation>混合专家</translation>
    </message>
    <message>
        <source>Expert FFN configuration (§2.2)</source>
        <translation>专家 FFN 配置（§2.2）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>not defined by the spec</source>
        <translation>规范中未定义</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n 项</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n field(s)</source>
        <translation>
            <numerusform>%n 个字段</numerusform>
        </translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>RoPE scaling</source>
        <translation>RoPE 缩放</translation>
    </message>
    <message>
        <source>RoPE variant of global layers: linear, dynamic, llama3, yarn or longrope</source>
        <translation>全局层的 RoPE 变体：linear、dynamic、llama3、yarn 或 longrope</translation>
    </message>
    <message>
        <source>Local RoPE scaling</source>
        <translation>局部 RoPE 缩放</translation>
    </message>
    <message>
        <source>RoPE variant of sliding-window layers</source>
        <translation>滑动窗口层的 RoPE 变体</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>激活函数</translation>
    </message>
    <message>
        <source>Gate activation of the feed-forward blocks</source>
        <translation>前馈块门控的激活函数</translation>
    </message>
    <message>
        <source>Embedding scale</source>
        <translation>嵌入缩放</translation>
    </message>
    <message>
        <source>Embeddings are multiplied by it (Gemma: √hidden in the weights&apos; dtype)</source>
        <translation>嵌入向量乘以该值（Gemma：按权重数据类型取整的 √hidden）</translation>
    </message>
    <message>
        <source>Query scalar</source>
        <translation>查询缩放量</translation>
    </message>
    <message>
        <source>Attention scores scale by its inverse square root instead of the head dimension&apos;s</source>
        <translation>注意力分数按其平方根的倒数缩放，而非按头维度</translation>
    </message>
    <message>
        <source>Attention soft-cap</source>
        <translation>注意力软上限</translation>
    </message>
    <message>
        <source>Scores become c·tanh(s/c) before the mask</source>
        <translation>在掩码之前分数变为 c·tanh(s/c)</translation>
    </message>
    <message>
        <source>Logit soft-cap</source>
        <translation>logit 软上限</translation>
    </message>
    <message>
        <source>Output logits become c·tanh(x/c)</source>
        <translation>输出 logit 变为 c·tanh(x/c)</translation>
    </message>
    <message>
        <source>Linear-attention key dimension</source>
        <translation>线性注意力键维度</translation>
    </message>
    <message>
        <source>Width of one key head of linear-attention layers</source>
        <translation>线性注意力层中一个键头的宽度</translation>
    </message>
    <message>
        <source>Linear-attention value dimension</source>
        <translation>线性注意力值维度</translation>
    </message>
    <message>
        <source>Width of one value head of linear-attention layers</source>
        <translation>线性注意力层中一个值头的宽度</translation>
    </message>
    <message>
        <source>Linear-attention norm style</source>
        <translation>线性注意力归一化方式</translation>
    </message>
    <message>
        <source>Style of the gated norm inside linear attention (&quot;qwen&quot;: x̂·w), apart from norm_style</source>
        <translation>线性注意力内部门控归一化的方式（&quot;qwen&quot;：x̂·w），独立于 norm_style</translation>
    </message>
    <message>
        <source>Layer schedule</source>
        <translation>层排布</translation>
    </message>
    <message>
        <source>L: linear attention, a recurrent state of %1 per sequence and layer, no KV cache; F: full attention; S: sliding-window attention</source>
        <translation>L：线性注意力，每个序列每层 %1 的循环状态，无 KV 缓存；F：全注意力；S：滑动窗口注意力</translation>
    </message>
    <message>
        <source>L: linear attention; F: full attention; S: sliding-window attention</source>
        <translation>L：线性注意力；F：全注意力；S：滑动窗口注意力</translation>
    </message>
    <message numerus="yes">
        <source>%n linear-attention layer(s)</source>
        <translation>
            <numerusform>%n 个线性注意力层</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n full-attention layer(s)</source>
        <translation>
            <numerusform>%n 个全注意力层</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sliding-window layer(s)</source>
        <translation>
            <numerusform>%n 个滑动窗口层</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cmfw::ArchitectureOverlay</name>
    <message>
        <source>layer skipped</source>
        <translation>已跳过该层</translation>
    </message>
    <message>
        <source>%1 of rows</source>
        <translation>%1 的行</translation>
    </message>
    <message>
        <source>%1 of columns</source>
        <translation>%1 的列</translation>
    </message>
    <message>
        <source>%1 of columns (heads)</source>
        <translation>%1 的列（头）</translation>
    </message>
    <message>
        <source>%1 of experts routable</source>
        <translation>%1 的专家可路由</translation>
    </message>
    <message>
        <source>not routable</source>
        <translation>不可路由</translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation>→ %1</translation>
    </message>
    <message>
        <source>→ %1 (%2)</source>
        <translation>→ %1（%2）</translation>
    </message>
</context>
<context>
    <name>cmfw::ArchitectureView</name>
    <message>
        <source>Overlay:</source>
        <translation>叠加：</translation>
    </message>
    <message>
        <source>Show what a task mask turns off, or which tensors a skill replaces</source>
        <translation>显示任务掩码关闭了什么，或技能替换了哪些张量</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>导出 PNG…</translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation>导出 SVG…</translation>
    </message>
    <message>
        <source>Opening the model…</source>
        <translation>正在打开模型…</translation>
    </message>
    <message>
        <source>Cannot show the architecture: %1</source>
        <translation>无法显示架构：%1</translation>
    </message>
    <message>
        <source>Architecture of %1</source>
        <translation>%1 的架构</translation>
    </message>
    <message>
        <source>Mask: %1</source>
        <translation>掩码：%1</translation>
    </message>
    <message>
        <source>Skill: %1</source>
        <translation>技能：%1</translation>
    </message>
    <message>
        <source>Layers: %1, frames: %2. Click a tensor to open it; click a folded frame&apos;s title to show each layer.</source>
        <translation>层数：%1，框：%2。点击张量可将其打开；点击折叠框的标题可显示每一层。</translation>
    </message>
    <message>
        <source>%1 tensors marked by %2.</source>
        <translation>%1 个张量被 %2 标记。</translation>
    </message>
    <message>
        <source>Cannot show %1: %2</source>
        <translation>无法显示 %1：%2</translation>
    </message>
    <message>
        <source>Export architecture as SVG</source>
        <translation>将架构导出为 SVG</translation>
    </message>
    <message>
        <source>Export architecture as PNG</source>
        <translation>将架构导出为 PNG</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Architecture exported to %1</source>
        <translation>架构已导出到 %1</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 of %2 replaced</source>
        <translation>已替换 %1 / %2</translation>
    </message>
    <message>
        <source>%1 of %2 read</source>
        <translation>已读取 %1 / %2</translation>
    </message>
    <message>
        <source>MTP layer %1</source>
        <translation>MTP 第 %1 层</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>MTP layers %1–%2</source>
        <translation>MTP 第 %1–%2 层</translation>
    </message>
    <message>
        <source>Layers %1–%2</source>
        <translation>第 %1–%2 层</translation>
    </message>
    <message>
        <source>full attention</source>
        <translation>全注意力</translation>
    </message>
    <message>
        <source>sliding attention</source>
        <translation>滑动窗口注意力</translation>
    </message>
    <message>
        <source>linear attention (Gated DeltaNet)</source>
        <translation>线性注意力（Gated DeltaNet）</translation>
    </message>
    <message>
        <source>%1 tensors alike; click to open %2</source>
        <translation>%1 个相同的张量；点击以打开 %2</translation>
    </message>
    <message>
        <source>%1
%2, %3, %4; click to open it</source>
        <translation>%1
%2，%3，%4；点击以打开</translation>
    </message>
    <message>
        <source>Embedding</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>Input norm</source>
        <translation>输入归一化</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Gated DeltaNet (linear attention)</source>
        <translation>Gated DeltaNet（线性注意力）</translation>
    </message>
    <message>
        <source>Post-attention norm</source>
        <translation>注意力后归一化</translation>
    </message>
    <message>
        <source>Pre-FFN norm</source>
        <translation>FFN 前归一化</translation>
    </message>
    <message>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <source>Mixture of experts</source>
        <translation>混合专家</translation>
    </message>
    <message>
        <source>Post-FFN norm</source>
        <translation>FFN 后归一化</translation>
    </message>
    <message>
        <source>Final norm</source>
        <translation>最终归一化</translation>
    </message>
    <message>
        <source>LM head</source>
        <translation>LM head</translation>
    </message>
    <message>
        <source>MTP input</source>
        <translation>MTP 输入</translation>
    </message>
    <message>
        <source>MTP head: drafts token t+2 from the hidden state after the final norm</source>
        <translation>MTP 头：根据最终归一化后的隐藏状态起草 token t+2</translation>
    </message>
    <message>
        <source>MoE</source>
        <translation>MoE</translation>
    </message>
    <message>
        <source>dense MLP</source>
        <translation>稠密 MLP</translation>
    </message>
    <message>
        <source>tensors of %1</source>
        <translation>%1 的张量</translation>
    </message>
    <message>
        <source>Click the title to fold the identical layers again</source>
        <translation>点击标题以重新折叠相同的层</translation>
    </message>
    <message>
        <source>Click the title to show each layer</source>
        <translation>点击标题以显示每一层</translation>
    </message>
</context>
<context>
    <name>cmfw::BitsView</name>
    <message>
        <source>Bit allocation</source>
        <translation>位分配</translation>
    </message>
    <message>
        <source>Mean bits per weight by layer and family</source>
        <translation>按层和类别统计的平均每权重位数</translation>
    </message>
    <message>
        <source>Tensors of:</source>
        <translation>张量来源：</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>skill %1</source>
        <translation>技能 %1</translation>
    </message>
    <message>
        <source>no tensor</source>
        <translation>无张量</translation>
    </message>
    <message>
        <source>Row widths</source>
        <translation>行位宽</translation>
    </message>
    <message>
        <source>Row widths (vbit)</source>
        <translation>行位宽（vbit）</translation>
    </message>
    <message>
        <source>Scale profiles</source>
        <translation>缩放系数分布</translation>
    </message>
    <message>
        <source>MTP</source>
        <translation>MTP</translation>
    </message>
    <message>
        <source>outside</source>
        <translation>层外</translation>
    </message>
    <message>
        <source>Bits per weight</source>
        <translation>每权重位数</translation>
    </message>
    <message>
        <source>Bits per weight of %1</source>
        <translation>%1 的每权重位数</translation>
    </message>
    <message>
        <source>family</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 (%n tensor(s))</source>
        <translation>
            <numerusform>%1 %2（%n 个张量）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 weights in %2: %3 bits per weight on average (bytes × 8 / weights, every overhead included). By dtype: %4. Hover a cell for how its number is made up; click it to open its tensor below.</source>
        <translation>%1 个权重，共 %2：平均每权重 %3 位（字节数 × 8 / 权重数，含全部开销）。按数据类型：%4。将鼠标悬停在单元格上可查看其数值的构成；点击单元格可在下方打开对应的张量。</translation>
    </message>
    <message>
        <source>no tensor of this family in this layer</source>
        <translation>该层中没有此类别的张量</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s), %1 weights in %2</source>
        <translation>
            <numerusform>%n 个张量，%1 个权重，共 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>  … and %1 more</source>
        <translation>  … 另有 %1 个</translation>
    </message>
    <message>
        <source>%1 bits per weight = %2 codes + %3 overhead</source>
        <translation>每权重 %1 位 = 码值 %2 + 开销 %3</translation>
    </message>
</context>
<context>
    <name>cmfw::BytesChart</name>
    <message>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>KiB</source>
        <translation>KiB</translation>
    </message>
</context>
<context>
    <name>cmfw::ChatPresetBar</name>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>A system prompt with its sampling and reply length, kept for this model</source>
        <translation>为此模型保存的系统提示词及其采样参数和回复长度</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Save preset</source>
        <translation>保存预设</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>删除预设</translation>
    </message>
    <message>
        <source>Delete the preset “%1”?</source>
        <translation>删除预设“%1”？</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
</context>
<context>
    <name>cmfw::ChatSettingsPanel</name>
    <message>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>Greedy (argmax)</source>
        <translation>贪心（argmax）</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Reset sampling</source>
        <translation>重置采样</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <source>Min-p</source>
        <translation>Min-p</translation>
    </message>
    <message>
        <source>Repetition penalty</source>
        <translation>重复惩罚</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>最大 token 数</translation>
    </message>
    <message>
        <source>Task and skill (next reply, no reload)</source>
        <translation>任务与技能（从下一条回复起生效，无需重新加载）</translation>
    </message>
    <message>
        <source>With auto: 0 = the lowest-energy skill alone; T &gt; 0 blends every record with weights softmax(−E/T)</source>
        <translation>自动模式下：0 = 仅使用能量最低的技能；T &gt; 0 时按权重 softmax(−E/T) 混合所有记录</translation>
    </message>
    <message>
        <source>Task mask</source>
        <translation>任务掩码</translation>
    </message>
    <message>
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>Blend temperature</source>
        <translation>混合温度</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 个 token</translation>
    </message>
    <message>
        <source>%v / %m used</source>
        <translation>已用 %v / %m</translation>
    </message>
    <message>
        <source>enable_thinking</source>
        <translation>enable_thinking</translation>
    </message>
    <message>
        <source>The template variable; shown because this file&apos;s chat template reads it</source>
        <translation>模板变量；因本文件的对话模板会读取它而显示</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Used</source>
        <translation>已用</translation>
    </message>
    <message>
        <source>none (dense)</source>
        <translation>无（稠密）</translation>
    </message>
    <message>
        <source>none (backbone)</source>
        <translation>无（主干）</translation>
    </message>
    <message>
        <source>auto (routing)</source>
        <translation>自动（路由）</translation>
    </message>
    <message>
        <source>Drafted tokens are verified in one pass over the weights: greedy replies are the same as without, sampled ones have the same distribution; each reply&apos;s line shows how many drafts were accepted</source>
        <translation>草稿词元在一次权重遍历中验证：贪心回复与不使用时相同，采样回复分布相同；每条回复的统计行显示接受了多少草稿</translation>
    </message>
    <message>
        <source>Speculative decoding</source>
        <translation>推测解码</translation>
    </message>
    <message>
        <source>prompt lookup</source>
        <translation>提示查找</translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation>MTP 头</translation>
    </message>
    <message>
        <source>Back to the workbench&apos;s defaults (this file has no generation_config)</source>
        <translation>恢复工作台的默认值（此文件没有 generation_config）</translation>
    </message>
    <message>
        <source>Back to this file&apos;s generation defaults (its generation_config): %1</source>
        <translation>恢复此文件的生成默认值（其 generation_config）：%1</translation>
    </message>
    <message>
        <source>Task mask “%1” is NOT MEASURED: its file records no quality (§5.1), so nobody checked how much worse its replies are than the dense model&apos;s.</source>
        <translation>任务掩码“%1”未经测量：文件中没有记录其质量（§5.1），没有人检查过它的回复比稠密模型差多少。</translation>
    </message>
</context>
<context>
    <name>cmfw::ChatView</name>
    <message>
        <source>Chat — %1</source>
        <translation>对话 — %1</translation>
    </message>
    <message>
        <source>Message (Ctrl+Enter sends)</source>
        <translation>消息（Ctrl+Enter 发送）</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>Edit last</source>
        <translation>编辑上一条</translation>
    </message>
    <message>
        <source>Copy reply</source>
        <translation>复制回复</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>加载…</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>Generating…</source>
        <translation>正在生成…</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Resend edited</source>
        <translation>重新发送已编辑的消息</translation>
    </message>
    <message>
        <source>The prompt is shown once the model has loaded.</source>
        <translation>模型加载完成后将显示提示词。</translation>
    </message>
    <message>
        <source>The exact prompt the next reply starts from (the conversation%1, rendered by the file&apos;s chat template): %2 tokens.</source>
        <translation>下一条回复所基于的确切提示词（对话%1，由本文件的对话模板渲染）：%2 个 token。</translation>
    </message>
    <message>
        <source> and the pending input</source>
        <translation>及待发送的输入</translation>
    </message>
    <message>
        <source>The template refused this conversation: %1</source>
        <translation>模板拒绝了此对话：%1</translation>
    </message>
    <message>
        <source>Estimated: %1 weights + %2 KV cache = %3</source>
        <translation>估算：权重 %1 + KV 缓存 %2 = %3</translation>
    </message>
    <message>
        <source>No memory estimate: %1</source>
        <translation>无法估算内存：%1</translation>
    </message>
    <message>
        <source>Resident now (VmRSS): %1</source>
        <translation>当前驻留内存（VmRSS）：%1</translation>
    </message>
    <message>
        <source>Note: this conversation was held with %1 (directory hash %2), not with the file open here.</source>
        <translation>注意：此对话是与 %1（目录哈希 %2）进行的，而不是与此处打开的文件。</translation>
    </message>
    <message>
        <source>Save conversation</source>
        <translation>保存对话</translation>
    </message>
    <message>
        <source>Conversations (*.json)</source>
        <translation>对话 (*.json)</translation>
    </message>
    <message>
        <source>Load conversation</source>
        <translation>加载对话</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>导出为 Markdown</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>The conversation is longer than the context: the oldest %1 messages were left out of the prompt of this reply.</source>
        <translation>对话长度超出上下文：最早的 %1 条消息未包含在本次回复的提示词中。</translation>
    </message>
    <message>
        <source>Rendering the prompt…</source>
        <translation>正在渲染提示词…</translation>
    </message>
    <message>
        <source>That is more than the context of %1 tokens: the oldest messages will be left out.</source>
        <translation>这超出了 %1 个 token 的上下文：最早的消息将被省略。</translation>
    </message>
    <message>
        <source>Your message %1</source>
        <translation>您的消息 %1</translation>
    </message>
    <message>
        <source>Reply %1</source>
        <translation>回复 %1</translation>
    </message>
    <message>
        <source>Available: %1 (%2)</source>
        <translation>可用：%1（%2）</translation>
    </message>
    <message>
        <source>Not enough memory for this context: %1; lower the context length or open a smaller quantization.</source>
        <translation>内存不足以支持此上下文：%1；请降低上下文长度，或打开更小的量化版本。</translation>
    </message>
    <message>
        <source>With the chat template this message makes a prompt of %1 tokens,</source>
        <translation>套用对话模板后，此消息构成的提示词有 %1 个 token，</translation>
    </message>
    <message>
        <source>This message is %1 tokens,</source>
        <translation>此消息有 %1 个 token，</translation>
    </message>
    <message>
        <source>but the context holds %1 tokens, %2 of them kept for the reply: shorten the message, or raise the context length in Settings</source>
        <translation>但上下文只能容纳 %1 个 token，其中 %2 个预留给回复：请缩短消息，或在设置中增大上下文长度</translation>
    </message>
    <message>
        <source>(this model allows up to %1)</source>
        <translation>（此模型最多支持 %1）</translation>
    </message>
    <message>
        <source>[… %1 characters of the prompt are not shown here …]</source>
        <translation>[… 此处未显示提示词中的 %1 个字符 …]</translation>
    </message>
    <message>
        <source>first token %1 ms</source>
        <translation>首 token %1 毫秒</translation>
    </message>
    <message>
        <source>prefill %1 tok/s</source>
        <translation>预填充 %1 tok/s</translation>
    </message>
    <message>
        <source>decode %1 tok/s</source>
        <translation>解码 %1 tok/s</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 token</translation>
    </message>
    <message>
        <source>finish: %1</source>
        <translation>结束：%1</translation>
    </message>
    <message>
        <source>the oldest %1 messages did not fit the context and were left out</source>
        <translation>最早的 %1 条消息超出上下文，已被省略</translation>
    </message>
    <message>
        <source>task %1</source>
        <translation>任务 %1</translation>
    </message>
    <message>
        <source>auto → blend (argmin %1; E: %2)</source>
        <translation>自动 → 混合（argmin %1；E：%2）</translation>
    </message>
    <message>
        <source>auto → %1 (E: %2)</source>
        <translation>自动 → %1（E：%2）</translation>
    </message>
    <message>
        <source>skill %1</source>
        <translation>技能 %1</translation>
    </message>
    <message>
        <source>… %1 more characters are not shown.</source>
        <translation>… 另有 %1 个字符未显示。</translation>
    </message>
    <message>
        <source>Show the whole message</source>
        <translation>显示完整消息</translation>
    </message>
    <message>
        <source>You</source>
        <translation>您</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>a reply is running</source>
        <translation>正在生成回复</translation>
    </message>
    <message>
        <source>Estimated: %1 weights + %2 KV cache + %3 recurrent state (with its checkpoints) = %4</source>
        <translation>估计：%1 权重 + %2 KV 缓存 + %3 循环状态（含检查点）= %4</translation>
    </message>
    <message>
        <source>MTP</source>
        <translation>MTP</translation>
    </message>
    <message>
        <source>lookup</source>
        <translation>查找</translation>
    </message>
    <message>
        <source>%1 drafts: %2 of %3 accepted (%4%), %5 tokens per pass</source>
        <translation>%1 草稿：%3 个中接受 %2 个（%4%），每次遍历 %5 个词元</translation>
    </message>
    <message>
        <source>%1 drafts: none proposed</source>
        <translation>%1 草稿：未提出任何草稿</translation>
    </message>
    <message>
        <source>Stop the reply (Esc)</source>
        <translation>停止回复（Esc）</translation>
    </message>
    <message>
        <source>%1 chat %2</source>
        <translation>%1 聊天 %2</translation>
    </message>
    <message>
        <source>Send the message</source>
        <translation>发送消息</translation>
    </message>
    <message>
        <source>Stop the reply</source>
        <translation>停止回复</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>复制代码</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Export the conversation as Markdown</source>
        <translation>将对话导出为 Markdown</translation>
    </message>
    <message>
        <source>Start a new conversation (this one stays in the history)</source>
        <translation>开始新对话（当前对话保留在历史记录中）</translation>
    </message>
    <message>
        <source>Editing message %1: sending it starts a new branch there; the old one is kept (‹ › switches).</source>
        <translation>正在编辑消息 %1：发送后将从此处开始新分支；旧分支会保留（‹ › 切换）。</translation>
    </message>
    <message>
        <source>Edit reply</source>
        <translation>编辑回复</translation>
    </message>
    <message>
        <source>The reply as it should read (a new branch; the old reply is kept):</source>
        <translation>回复应有的内容（新分支；旧回复会保留）：</translation>
    </message>
    <message>
        <source>A reply is running: stop it first (Esc).</source>
        <translation>正在生成回复：请先停止它（Esc）。</translation>
    </message>
    <message numerus="yes">
        <source>Delete this message and the %n message(s) that follow it on this branch?</source>
        <translation>
            <numerusform>删除此消息及此分支上其后的 %n 条消息？</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete this message?</source>
        <translation>删除此消息？</translation>
    </message>
    <message>
        <source>Delete message</source>
        <translation>删除消息</translation>
    </message>
    <message>
        <source>Its other versions (‹ ›) are kept.</source>
        <translation>它的其他版本（‹ ›）会保留。</translation>
    </message>
    <message numerus="yes">
        <source>Copied %n line(s) of code.</source>
        <translation>
            <numerusform>已复制 %n 行代码。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cmfw::ChatWorker</name>
    <message>
        <source>no model loaded</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <source>lower the context length in Settings or open a smaller quantization (CMF_MEMORY_LIMIT=off turns this check off)</source>
        <translation>请在设置中降低上下文长度，或打开更小的量化版本（CMF_MEMORY_LIMIT=off 可关闭此检查）</translation>
    </message>
    <message>
        <source>The conversation is longer than the context (%1 tokens): the oldest %2 messages are left out of the prompt.</source>
        <translation>对话长度超出上下文（%1 个 token）：最早的 %2 条消息未包含在提示词中。</translation>
    </message>
</context>
<context>
    <name>cmfw::CompareView</name>
    <message numerus="yes">
        <source>… %n more</source>
        <translation>
            <numerusform>… 另有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>absent</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>only in A</source>
        <translation>仅在 A 中</translation>
    </message>
    <message>
        <source>only in B</source>
        <translation>仅在 B 中</translation>
    </message>
    <message>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>All tensors</source>
        <translation>所有张量</translation>
    </message>
    <message>
        <source>Every difference</source>
        <translation>所有差异</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>Only in A</source>
        <translation>仅在 A 中</translation>
    </message>
    <message>
        <source>Only in B</source>
        <translation>仅在 B 中</translation>
    </message>
    <message>
        <source>Same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>Filter by name…</source>
        <translation>按名称筛选…</translation>
    </message>
    <message>
        <source>Header differences</source>
        <translation>头部差异</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>JSON pointer</source>
        <translation>JSON 指针</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Choose Tools ▸ Compare with… to compare this file with another.</source>
        <translation>选择“工具 ▸ 与其他文件比较…”即可将此文件与另一个文件比较。</translation>
    </message>
    <message>
        <source>Compare %1 with %2</source>
        <translation>比较 %1 与 %2</translation>
    </message>
    <message>
        <source>identical</source>
        <translation>完全相同</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) differ</source>
        <translation>
            <numerusform>%n 个张量不同</numerusform>
        </translation>
    </message>
    <message>
        <source>Comparing %1 with %2…</source>
        <translation>正在比较 %1 与 %2…</translation>
    </message>
    <message>
        <source>Could not compare: %1 (%2)</source>
        <translation>无法比较：%1（%2）</translation>
    </message>
    <message>
        <source>Compare failed: %1</source>
        <translation>比较失败：%1</translation>
    </message>
    <message>
        <source>Comparison cancelled.</source>
        <translation>比较已取消。</translation>
    </message>
    <message>
        <source>✔ Identical: every tensor, the header and every section agree (compared in %1).</source>
        <translation>✔ 完全相同：所有张量、头部和所有数据段均一致（比较用时 %1）。</translation>
    </message>
    <message>
        <source>✘ The files differ (%1 tensors in A, %2 in B, compared in %3).</source>
        <translation>✘ 文件不同（A 中 %1 个张量，B 中 %2 个；比较用时 %3）。</translation>
    </message>
    <message numerus="yes">
        <source>%n changed</source>
        <translation>
            <numerusform>%n 个已更改</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n only in A</source>
        <translation>
            <numerusform>%n 个仅在 A 中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n only in B</source>
        <translation>
            <numerusform>%n 个仅在 B 中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n same</source>
        <translation>
            <numerusform>%n 个相同</numerusform>
        </translation>
    </message>
    <message>
        <source>header same</source>
        <translation>头部相同</translation>
    </message>
    <message numerus="yes">
        <source>header: %n difference(s)</source>
        <translation>
            <numerusform>头部：%n 处差异</numerusform>
        </translation>
    </message>
    <message>
        <source>Sections: %1</source>
        <translation>数据段：%1</translation>
    </message>
    <message>
        <source>Values were not compared.</source>
        <translation>未比较数值。</translation>
    </message>
    <message>
        <source>%1 and %2 are identical</source>
        <translation>%1 与 %2 完全相同</translation>
    </message>
    <message>
        <source>%1 and %2 differ: %3 changed, %4 only in A, %5 only in B, %6 header difference(s)</source>
        <translation>%1 与 %2 不同：%3 个已更改，%4 个仅在 A 中，%5 个仅在 B 中，头部差异 %6 处</translation>
    </message>
    <message>
        <source>section_hashes is left out: the masks, vocab and index sections are compared byte for byte above.</source>
        <translation>section_hashes 未纳入比较：掩码、词表和索引数据段已在上方逐字节比较。</translation>
    </message>
    <message>
        <source>The headers are the same.</source>
        <translation>头部相同。</translation>
    </message>
    <message>
        <source>added</source>
        <translation>已添加</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>已删除</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n tensor(s)</source>
        <translation>
            <numerusform>%1 / %n 个张量</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cmfw::EnvelopeView</name>
    <message>
        <source>Envelope</source>
        <translation>信封</translation>
    </message>
    <message numerus="yes">
        <source>CMF version %1 · %2 (%3 bytes) · %n tensor(s). The fixed 128-byte envelope at offset 0 addresses every other section; a reader finds sections only through it (spec §1).</source>
        <translation>
            <numerusform>CMF 版本 %1 · %2（%3 字节）· %n 个张量。位于偏移 0 的固定 128 字节信封给出所有其他数据段的位置；读取器只能通过它找到各数据段（规范 §1）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Header JSON</source>
        <translation>JSON 头部</translation>
    </message>
    <message>
        <source>Directory</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Masks</source>
        <translation>掩码</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>Sparse index</source>
        <translation>稀疏索引</translation>
    </message>
    <message>
        <source>Padding / unused</source>
        <translation>填充 / 未使用</translation>
    </message>
    <message>
        <source>Sections</source>
        <translation>数据段</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>数据段</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>End</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Share of file</source>
        <translation>占文件比例</translation>
    </message>
    <message>
        <source>absent (offset 0)</source>
        <translation>不存在（偏移为 0）</translation>
    </message>
    <message>
        <source>Fields</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>At</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Hex</source>
        <translation>十六进制</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>&quot;CMF&quot; 0x01 — identifies a CMF file</source>
        <translation>“CMF” 0x01 —— 标识 CMF 文件</translation>
    </message>
    <message>
        <source>format version (2)</source>
        <translation>格式版本（2）</translation>
    </message>
    <message>
        <source>reserved, 0</source>
        <translation>保留，为 0</translation>
    </message>
    <message>
        <source>bits a reader must know (below)</source>
        <translation>读取器必须认识的位（见下）</translation>
    </message>
    <message>
        <source>JSON header</source>
        <translation>JSON 头部</translation>
    </message>
    <message>
        <source>tensor directory</source>
        <translation>张量目录</translation>
    </message>
    <message>
        <source>weight blob (page aligned)</source>
        <translation>权重块（按页对齐）</translation>
    </message>
    <message>
        <source>task masks; 0 = absent</source>
        <translation>任务掩码；0 表示不存在</translation>
    </message>
    <message>
        <source>tokenizer.json; 0 = absent</source>
        <translation>tokenizer.json；0 表示不存在</translation>
    </message>
    <message>
        <source>sparse index; 0 = absent</source>
        <translation>稀疏索引；0 表示不存在</translation>
    </message>
    <message>
        <source>reserved: header hash</source>
        <translation>保留：头部哈希</translation>
    </message>
    <message>
        <source>0 (absent)</source>
        <translation>0（不存在）</translation>
    </message>
    <message>
        <source>hash64 of the header JSON (§8.1)</source>
        <translation>JSON 头部的 hash64（§8.1）</translation>
    </message>
    <message>
        <source>reserved: directory hash</source>
        <translation>保留：目录哈希</translation>
    </message>
    <message>
        <source>hash64 of the directory (§8.1)</source>
        <translation>目录的 hash64（§8.1）</translation>
    </message>
    <message>
        <source>Feature bits (required_features = %1)</source>
        <translation>特性位（required_features = %1）</translation>
    </message>
    <message>
        <source>Bit</source>
        <translation>位</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>已置位</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>cmfw::ErrorView</name>
    <message>
        <source>%1 could not be opened as a CMF v2 file.</source>
        <translation>无法将 %1 作为 CMF v2 文件打开。</translation>
    </message>
    <message>
        <source>What is wrong</source>
        <translation>问题所在</translation>
    </message>
    <message>
        <source>Error kind</source>
        <translation>错误类别</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>File size</source>
        <translation>文件大小</translation>
    </message>
    <message>
        <source>%1 bytes (%2)</source>
        <translation>%1 字节（%2）</translation>
    </message>
    <message>
        <source>First bytes</source>
        <translation>开头字节</translation>
    </message>
    <message>
        <source>A CMF reader must refuse such a file rather than read it as best it can (spec §1.2). If you expected a valid file, it was probably truncated or changed after it was written: download or copy it again.</source>
        <translation>CMF 读取器必须拒绝此类文件，而不是尽量去读（规范 §1.2）。如果您认为它应当是有效文件，它很可能在写入后被截断或修改过：请重新下载或复制。</translation>
    </message>
</context>
<context>
    <name>cmfw::FilePage</name>
    <message>
        <source>Envelope</source>
        <translation>信封</translation>
    </message>
    <message>
        <source>Header</source>
        <translation>头部</translation>
    </message>
    <message>
        <source>Tensors (%1)</source>
        <translation>张量（%1）</translation>
    </message>
    <message>
        <source>Masks (%1)</source>
        <translation>掩码（%1）</translation>
    </message>
    <message>
        <source>Masks</source>
        <translation>掩码</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>Skills (%1)</source>
        <translation>技能（%1）</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>签名</translation>
    </message>
    <message>
        <source>Shards (%1)</source>
        <translation>分片（%1）</translation>
    </message>
    <message>
        <source>Bit allocation</source>
        <translation>位分配</translation>
    </message>
    <message>
        <source>Tasks &amp; skills</source>
        <translation>任务与技能</translation>
    </message>
    <message>
        <source>Expert routing</source>
        <translation>专家路由</translation>
    </message>
    <message>
        <source>Quantization error</source>
        <translation>量化误差</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Compare with %1</source>
        <translation>与 %1 比较</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Playground</source>
        <translation>试验场</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>测量</translation>
    </message>
</context>
<context>
    <name>cmfw::HeaderJsonModel</name>
    <message>
        <source>object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>boolean</source>
        <translation>布尔</translation>
    </message>
    <message>
        <source>integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>number</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message numerus="yes">
        <source>{%n key(s)}</source>
        <translation>
            <numerusform>{%n 个键}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>[%n item(s)]</source>
        <translation>
            <numerusform>[%n 项]</numerusform>
        </translation>
    </message>
    <message>
        <source>Not defined by the spec. Readers ignore unknown fields (additive evolution, §1.1); it is shown so nothing in the file is hidden.</source>
        <translation>规范中未定义。读取器会忽略未知字段（增量演进，§1.1）；此处显示它，以免文件中的任何内容被隐藏。</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
</context>
<context>
    <name>cmfw::HeaderView</name>
    <message>
        <source>Header</source>
        <translation>头部</translation>
    </message>
    <message>
        <source>%1 of JSON at offset %2.</source>
        <translation>偏移 %2 处的 %1 JSON。</translation>
    </message>
    <message>
        <source>Default quantization: %1 (informational; each tensor&apos;s dtype is the truth).</source>
        <translation>默认量化：%1（仅供参考；以每个张量的数据类型为准）。</translation>
    </message>
    <message>
        <source>Architecture (arch)</source>
        <translation>架构（arch）</translation>
    </message>
    <message>
        <source>The header has no arch block.</source>
        <translation>头部中没有 arch 块。</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Search keys and values…</source>
        <translation>搜索键和值…</translation>
    </message>
    <message>
        <source>Expand all</source>
        <translation>全部展开</translation>
    </message>
    <message>
        <source>Collapse</source>
        <translation>折叠</translation>
    </message>
    <message>
        <source>Fields in italics are not defined by the spec; readers ignore them, the workbench shows them.</source>
        <translation>斜体字段未在规范中定义；读取器会忽略它们，本工具会显示它们。</translation>
    </message>
</context>
<context>
    <name>cmfw::HeatmapToolbar</name>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Fit the whole grid into the view (0)</source>
        <translation>将整个网格缩放到视图内（0）</translation>
    </message>
    <message>
        <source>+</source>
        <translation>+</translation>
    </message>
    <message>
        <source>Zoom in (+ or the mouse wheel)</source>
        <translation>放大（+ 或鼠标滚轮）</translation>
    </message>
    <message>
        <source>−</source>
        <translation>−</translation>
    </message>
    <message>
        <source>Zoom out (−)</source>
        <translation>缩小（−）</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>PNG</source>
        <translation>PNG</translation>
    </message>
    <message>
        <source>Export a heatmap as shown, as a PNG image</source>
        <translation>将热力图按当前显示导出为 PNG 图像</translation>
    </message>
    <message>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <source>Export a heatmap&apos;s values as CSV</source>
        <translation>将热力图的数值导出为 CSV</translation>
    </message>
    <message>
        <source>Cells</source>
        <translation>单元格</translation>
    </message>
    <message>
        <source>Export a heatmap&apos;s grid at full resolution, a chosen number of pixels per cell, as PNG or SVG</source>
        <translation>以完整分辨率导出热图网格（每个单元格的像素数可选），格式为 PNG 或 SVG</translation>
    </message>
</context>
<context>
    <name>cmfw::HeatmapWidget</name>
    <message>
        <source>no value</source>
        <translation>无值</translation>
    </message>
    <message>
        <source>No data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>value: %1</source>
        <translation>值：%1</translation>
    </message>
    <message>
        <source>Zoom in (+)</source>
        <translation>放大（+）</translation>
    </message>
    <message>
        <source>Zoom out (−)</source>
        <translation>缩小（−）</translation>
    </message>
    <message>
        <source>Fit (0)</source>
        <translation>适应视图（0）</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Export heatmap as PNG</source>
        <translation>将热力图导出为 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Export heatmap values as CSV</source>
        <translation>将热力图数值导出为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export PNG as shown…</source>
        <translation>按显示导出 PNG…</translation>
    </message>
    <message>
        <source>Export cells at full resolution (PNG, SVG)…</source>
        <translation>以完整分辨率导出单元格（PNG、SVG）…</translation>
    </message>
    <message>
        <source>Export cells</source>
        <translation>导出单元格</translation>
    </message>
    <message>
        <source>Pixels per cell (the grid is %1 × %2 cells):</source>
        <translation>每个单元格的像素数（网格为 %1 × %2 个单元格）：</translation>
    </message>
    <message>
        <source>Export heatmap cells</source>
        <translation>导出热图单元格</translation>
    </message>
    <message>
        <source>PNG images (*.png);;SVG images (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 图像 (*.svg)</translation>
    </message>
</context>
<context>
    <name>cmfw::HistogramChart</name>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>count (log)</source>
        <translation>计数（对数）</translation>
    </message>
    <message>
        <source>count</source>
        <translation>计数</translation>
    </message>
</context>
<context>
    <name>cmfw::HistorySidebar</name>
    <message>
        <source>New conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>搜索对话</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>(no messages)</source>
        <translation>（无消息）</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n 条消息</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop the reply to open another conversation</source>
        <translation>请停止回复后再打开其他对话</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>删除对话</translation>
    </message>
    <message>
        <source>Delete the conversation “%1” and all its branches? This cannot be undone.</source>
        <translation>删除对话“%1”及其所有分支？此操作无法撤销。</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>重命名对话</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>标题：</translation>
    </message>
</context>
<context>
    <name>cmfw::ImportDialog</name>
    <message>
        <source>Import %1 — Hugging Face model</source>
        <translation>导入 %1 — Hugging Face 模型</translation>
    </message>
    <message>
        <source>Folder: %1</source>
        <translation>文件夹：%1</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Options (cmf convert)</source>
        <translation>选项（cmf convert）</translation>
    </message>
    <message>
        <source>Per-tensor overrides</source>
        <translation>按张量覆盖</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>CMF files (*.cmf)</source>
        <translation>CMF 文件 (*.cmf)</translation>
    </message>
    <message>
        <source>What will be written</source>
        <translation>将写入的内容</translation>
    </message>
    <message>
        <source>Tensors that get another dtype than the quantization, and why:</source>
        <translation>获得与所选量化不同 dtype 的张量及原因：</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>Dtype</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Choose an output file.</source>
        <translation>请选择输出文件。</translation>
    </message>
    <message>
        <source>The output is a folder: give it a file name.</source>
        <translation>输出是一个文件夹：请给出文件名。</translation>
    </message>
    <message>
        <source>The output&apos;s folder %1 does not exist.</source>
        <translation>输出文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>Preview of the import of %1</source>
        <translation>%1 的导入预览</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s), %1</source>
        <translation>
            <numerusform>%n 个张量，%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Computing the preview…</source>
        <translation>正在计算预览…</translation>
    </message>
    <message>
        <source>Cannot import: %1</source>
        <translation>无法导入：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (exact)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（精确）</translation>
    </message>
    <message>
        <source>at most &lt;b&gt;%1&lt;/b&gt; (vbit: each row&apos;s width depends on its weights)</source>
        <translation>最多 &lt;b&gt;%1&lt;/b&gt;（vbit：每行的位宽取决于其权重）</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n tensor(s)&lt;/b&gt; from %1 of source weights → %2</source>
        <translation>
            <numerusform>&lt;b&gt;%n 个张量&lt;/b&gt;，来自 %1 的源权重 → %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Dtypes: %1</source>
        <translation>Dtype：%1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message numerus="yes">
        <source>%n shard(s): %1</source>
        <translation>
            <numerusform>%n 个分片：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Every source tensor is part of the text model: none is skipped.</source>
        <translation>所有源张量都属于文本模型：没有跳过任何张量。</translation>
    </message>
    <message numerus="yes">
        <source>Skipped %n source tensor(s), not part of the text model: %1</source>
        <translation>
            <numerusform>跳过了 %n 个不属于文本模型的源张量：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Writes %1</source>
        <translation>将写入 %1</translation>
    </message>
    <message numerus="yes">
        <source>Writes %n shard(s): %1 … %2</source>
        <translation>
            <numerusform>将写入 %n 个分片：%1 … %2</numerusform>
        </translation>
    </message>
    <message>
        <source>(it exists and will be replaced)</source>
        <translation>（该文件已存在，将被替换）</translation>
    </message>
    <message>
        <source>Started: %1</source>
        <translation>已开始：%1</translation>
    </message>
    <message>
        <source>Cancelled: nothing was written.</source>
        <translation>已取消：未写入任何内容。</translation>
    </message>
    <message>
        <source>The import failed: %1</source>
        <translation>导入失败：%1</translation>
    </message>
    <message>
        <source>Cancel import</source>
        <translation>取消导入</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
</context>
<context>
    <name>cmfw::Job</name>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>superseded</source>
        <translation>已被取代</translation>
    </message>
</context>
<context>
    <name>cmfw::JobListModel</name>
    <message>
        <source>starting</source>
        <translation>启动中</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
</context>
<context>
    <name>cmfw::JobRunner</name>
    <message>
        <source>hashing tensors</source>
        <translation>计算张量哈希</translation>
    </message>
    <message>
        <source>sha256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>decoding</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <source>histogram</source>
        <translation>直方图</translation>
    </message>
    <message>
        <source>opening</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>checking signature</source>
        <translation>校验签名</translation>
    </message>
    <message>
        <source>reading tokenizer</source>
        <translation>读取分词器</translation>
    </message>
</context>
<context>
    <name>cmfw::JobsView</name>
    <message>
        <source>Cancel selected</source>
        <translation>取消所选</translation>
    </message>
    <message>
        <source>Cancel all</source>
        <translation>全部取消</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>清除已完成</translation>
    </message>
</context>
<context>
    <name>cmfw::KeepRulesEditor</name>
    <message>
        <source>Tensor names matching (regex)</source>
        <translation>匹配的张量名（正则表达式）</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>Dtype</translation>
    </message>
    <message>
        <source>Tensors whose name matches a row&apos;s expression get that row&apos;s dtype instead of the quantization; the first matching row wins (cmf convert --keep NAME_REGEX=DTYPE).</source>
        <translation>名称与某行表达式匹配的张量使用该行的 dtype 而不是所选量化；第一条匹配的行生效（cmf convert --keep NAME_REGEX=DTYPE）。</translation>
    </message>
    <message>
        <source>Add override</source>
        <translation>添加覆盖</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>e.g. mlp\.down_proj</source>
        <translation>例如 mlp\.down_proj</translation>
    </message>
    <message>
        <source>Override %1: “%2” is not a valid regular expression (%3).</source>
        <translation>覆盖 %1：“%2”不是有效的正则表达式（%3）。</translation>
    </message>
</context>
<context>
    <name>cmfw::MainWindow</name>
    <message>
        <source>CMF Workbench</source>
        <translation>CMF Workbench</translation>
    </message>
    <message>
        <source>Open a CMF file to see everything in it: envelope, header, tensors, masks, skills, tokenizer and signature. Drop files anywhere on this window to open them, or on the Verify / Sign panel to check their integrity.</source>
        <translation>打开 CMF 文件即可查看其全部内容：信封、头部、张量、掩码、技能、分词器和签名。将文件拖放到窗口任意位置即可打开，拖放到“校验 / 签名”面板则检查其完整性。</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>Open the demo model</source>
        <translation>打开演示模型</translation>
    </message>
    <message>
        <source>Recent files:</source>
        <translation>最近的文件：</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Open the &amp;demo model</source>
        <translation>打开演示模型(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Close Tab</source>
        <translation>关闭标签页(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Envelope</source>
        <translation>信封(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Header</source>
        <translation>头部(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Tensors</source>
        <translation>张量(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Masks</source>
        <translation>掩码(&amp;M)</translation>
    </message>
    <message>
        <source>S&amp;kills</source>
        <translation>技能(&amp;K)</translation>
    </message>
    <message>
        <source>T&amp;okenizer</source>
        <translation>分词器(&amp;O)</translation>
    </message>
    <message>
        <source>Si&amp;gnature</source>
        <translation>签名(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Verify</source>
        <translation>校验(&amp;V)</translation>
    </message>
    <message>
        <source>Check every hash of the current file and its signature</source>
        <translation>检查当前文件的所有哈希及其签名</translation>
    </message>
    <message>
        <source>&amp;Sign…</source>
        <translation>签名(&amp;S)…</translation>
    </message>
    <message>
        <source>Write a detached signature beside the current file</source>
        <translation>在当前文件旁写入独立签名</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>设置(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About CMF Workbench</source>
        <translation>关于 CMF Workbench(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>%1 — CMF Workbench</source>
        <translation>%1 — CMF Workbench</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) running</source>
        <translation>
            <numerusform>%n 个任务正在运行</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not a valid CMF file: %2</source>
        <translation>%1 不是有效的 CMF 文件：%2</translation>
    </message>
    <message numerus="yes">
        <source>Opened %1 (%2, %n tensor(s)) in %3 ms</source>
        <translation>
            <numerusform>已打开 %1（%2，%n 个张量），用时 %3 毫秒</numerusform>
        </translation>
    </message>
    <message>
        <source>Shard set of %1: %2</source>
        <translation>%1 的分片集：%2</translation>
    </message>
    <message>
        <source>Choose or generate a signing key in the Verify / Sign panel first.</source>
        <translation>请先在“校验 / 签名”面板中选择或生成签名密钥。</translation>
    </message>
    <message>
        <source>Open CMF files</source>
        <translation>打开 CMF 文件</translation>
    </message>
    <message>
        <source>CMF files (*.cmf);;All files (*)</source>
        <translation>CMF 文件 (*.cmf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>About CMF Workbench</source>
        <translation>关于 CMF Workbench</translation>
    </message>
    <message>
        <source>&lt;h3&gt;CMF Workbench %1&lt;/h3&gt;&lt;p&gt;Open, inspect, verify and sign CMF v2 model files.&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;</source>
        <translation>&lt;h3&gt;CMF Workbench %1&lt;/h3&gt;&lt;p&gt;打开、查看、校验并签名 CMF v2 模型文件。&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Jobs are running</source>
        <translation>有任务正在运行</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) are still running. Cancel them and close?</source>
        <translation>
            <numerusform>仍有 %n 个任务在运行。取消它们并关闭吗？</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelling jobs…</source>
        <translation>正在取消任务…</translation>
    </message>
    <message>
        <source>&amp;Compare with…</source>
        <translation>与其他文件比较(&amp;C)…</translation>
    </message>
    <message>
        <source>Compare the current file with another CMF file: tensors, header and sections</source>
        <translation>将当前文件与另一个 CMF 文件比较：张量、头部和数据段</translation>
    </message>
    <message>
        <source>C&amp;hat with this model…</source>
        <translation>与此模型对话(&amp;H)…</translation>
    </message>
    <message>
        <source>Talk to the current file (the demo model when none is open) on the CPU engine</source>
        <translation>在 CPU 推理引擎上与当前文件对话（未打开文件时使用演示模型）</translation>
    </message>
    <message>
        <source>Comparing %1 with %2</source>
        <translation>正在比较 %1 与 %2</translation>
    </message>
    <message>
        <source>Chat opened on %1</source>
        <translation>已打开与 %1 的对话</translation>
    </message>
    <message>
        <source>Compare %1 with</source>
        <translation>选择与 %1 比较的文件</translation>
    </message>
    <message>
        <source>Ser&amp;ve this model…</source>
        <translation>提供此模型服务(&amp;V)…</translation>
    </message>
    <message>
        <source>Serve the current file (the demo model when none is open) to other programs over the OpenAI chat API</source>
        <translation>通过 OpenAI 聊天 API 将当前文件（未打开文件时为演示模型）提供给其他程序</translation>
    </message>
    <message>
        <source>Serve window opened on %1</source>
        <translation>已为 %1 打开服务窗口</translation>
    </message>
    <message>
        <source>O&amp;verview</source>
        <translation>概览(&amp;V)</translation>
    </message>
    <message>
        <source>%1 has no %2 page</source>
        <translation>%1 没有“%2”页面</translation>
    </message>
    <message>
        <source>&amp;Bit allocation</source>
        <translation>比特分配(&amp;B)</translation>
    </message>
    <message>
        <source>T&amp;asks &amp;&amp; skills</source>
        <translation>任务和技能(&amp;A)</translation>
    </message>
    <message>
        <source>Expert &amp;routing</source>
        <translation>专家路由(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Quantization error</source>
        <translation>量化误差(&amp;Q)</translation>
    </message>
    <message>
        <source>Shar&amp;ds</source>
        <translation>分片(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Find tensor…</source>
        <translation>查找张量(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>Close &amp;Others</source>
        <translation>关闭其他(&amp;O)</translation>
    </message>
    <message>
        <source>Copy &amp;Path</source>
        <translation>复制路径(&amp;P)</translation>
    </message>
    <message>
        <source>Show in &amp;Folder</source>
        <translation>在文件夹中显示(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Import Hugging Face model…</source>
        <translation>导入 Hugging Face 模型(&amp;I)…</translation>
    </message>
    <message>
        <source>Ignored the dropped folder: %1.</source>
        <translation>已忽略拖入的文件夹：%1。</translation>
    </message>
    <message>
        <source>Import a Hugging Face model folder</source>
        <translation>导入 Hugging Face 模型文件夹</translation>
    </message>
    <message>
        <source>Not a Hugging Face model</source>
        <translation>不是 Hugging Face 模型</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1。</translation>
    </message>
    <message>
        <source>No file is open.</source>
        <translation>没有打开的文件。</translation>
    </message>
    <message>
        <source>Mea&amp;sure</source>
        <translation>测量(&amp;S)</translation>
    </message>
    <message>
        <source>Arc&amp;hitecture</source>
        <translation>架构(&amp;H)</translation>
    </message>
    <message>
        <source>Tokenizer &amp;playground</source>
        <translation>分词器试验场(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Chat window</source>
        <translation>聊天窗口</translation>
    </message>
</context>
<context>
    <name>cmfw::MaskBitmapPanel</name>
    <message>
        <source>inactive</source>
        <translation>不活跃</translation>
    </message>
    <message>
        <source>active</source>
        <translation>活跃</translation>
    </message>
    <message>
        <source>sparsity</source>
        <translation>稀疏度</translation>
    </message>
    <message>
        <source>%1 in %2; %3 has %4 of %5 active (sparsity %6)</source>
        <translation>在 %2 中%1；%3 中 %4 / %5 个活跃（稀疏度 %6）</translation>
    </message>
    <message>
        <source>neither</source>
        <translation>均不活跃</translation>
    </message>
    <message>
        <source>only %1</source>
        <translation>仅 %1</translation>
    </message>
    <message>
        <source>both</source>
        <translation>两者均活跃</translation>
    </message>
    <message>
        <source>differ</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>FFN neuron</source>
        <translation>FFN 神经元</translation>
    </message>
    <message>
        <source>head</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>FFN neurons of “%1”: %2 of %3 active</source>
        <translation>“%1”的 FFN 神经元：%2 / %3 个活跃</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>Heads and gate</source>
        <translation>注意力头与门控</translation>
    </message>
    <message>
        <source>gate</source>
        <translation>门控</translation>
    </message>
    <message>
        <source>head %1 of %2 %3 is %4 in %5</source>
        <translation>%2 %3 的注意力头 %1 在 %5 中%4</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已屏蔽</translation>
    </message>
    <message>
        <source>%1 %2 runs in %3</source>
        <translation>%1 %2 在 %3 中运行</translation>
    </message>
    <message>
        <source>%1 %2 is skipped in %3 (its gate is off)</source>
        <translation>%1 %2 在 %3 中被跳过（其门控关闭）</translation>
    </message>
    <message>
        <source>Routable experts</source>
        <translation>可路由专家</translation>
    </message>
    <message>
        <source>“%1” has no expert area: every expert stays routable (§5).</source>
        <translation>“%1”没有专家区：所有专家均保持可路由（§5）。</translation>
    </message>
</context>
<context>
    <name>cmfw::MasksView</name>
    <message>
        <source>NOT MEASURED</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>Masks</source>
        <translation>掩码</translation>
    </message>
    <message>
        <source>This file has no masks section (masks_off = 0). Task masks are bit fields over the shared weights that say which FFN neurons, attention heads, layers and experts are active for a task, without changing any weight (spec §5).</source>
        <translation>此文件没有掩码段（masks_off = 0）。任务掩码是覆盖在共享权重上的位域，指明某个任务中哪些 FFN 神经元、注意力头、层和专家处于活跃状态，而不改变任何权重（规范 §5）。</translation>
    </message>
    <message numerus="yes">
        <source>%n mask(s) in %1 at offset %2; default task: %3.</source>
        <translation>
            <numerusform>%n 个掩码，共 %1，位于偏移 %2；默认任务：%3。</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Each mask has %1 rows of %2 FFN bits, %3 head bits, %4 layer gates</source>
        <translation>每个掩码有 %1 行，每行 %2 个 FFN 位、%3 个头位，共 %4 个层门控</translation>
    </message>
    <message>
        <source>and %1 expert bits per row.</source>
        <translation>，每行另有 %1 个专家位。</translation>
    </message>
    <message>
        <source>LOOP_MASKS: rows are per visit of a looped transformer.</source>
        <translation>LOOP_MASKS：每一行对应循环 Transformer 的一遍。</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Sparsity</source>
        <translation>稀疏度</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>质量</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>Parent</source>
        <translation>父级</translation>
    </message>
    <message>
        <source>Blob offset</source>
        <translation>块偏移</translation>
    </message>
    <message>
        <source>Blob bytes</source>
        <translation>块字节数</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Task:</source>
        <translation>任务：</translation>
    </message>
    <message>
        <source>compared with:</source>
        <translation>对比：</translation>
    </message>
    <message>
        <source>Per layer</source>
        <translation>按层</translation>
    </message>
    <message>
        <source>FFN</source>
        <translation>FFN</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>Gate</source>
        <translation>门控</translation>
    </message>
    <message numerus="yes">
        <source>Sparse index: %n entry(ies) (task × layer) in %1: %2 active FFN groups and %3 active heads in total. Deprecation-pending: engines read the mask bits directly (§7).</source>
        <translation>
            <numerusform>稀疏索引：%n 条记录（任务 × 层），共 %1：合计 %2 个活跃 FFN 组和 %3 个活跃注意力头。即将弃用：推理引擎直接读取掩码位（§7）。</numerusform>
        </translation>
    </message>
    <message>
        <source>No sparse index (index_off = 0); writers should no longer emit it (§7).</source>
        <translation>没有稀疏索引（index_off = 0）；写入器不应再生成它（§7）。</translation>
    </message>
    <message>
        <source>visit</source>
        <translation>遍次</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>层</translation>
    </message>
</context>
<context>
    <name>cmfw::MeasureJobs</name>
    <message>
        <source>perplexity %1 over %2 tokens</source>
        <translation>困惑度 %1（%2 个 token）</translation>
    </message>
    <message>
        <source>, KL %1, top-1 %2 %</source>
        <translation>，KL %1，top-1 %2 %</translation>
    </message>
    <message>
        <source>pp%1 %2 tok/s</source>
        <translation>pp%1 %2 tok/s</translation>
    </message>
    <message>
        <source>tg%1 %2 tok/s</source>
        <translation>tg%1 %2 tok/s</translation>
    </message>
</context>
<context>
    <name>cmfw::MeasureView</name>
    <message>
        <source>task %1</source>
        <translation>任务 %1</translation>
    </message>
    <message>
        <source>skill %1</source>
        <translation>技能 %1</translation>
    </message>
    <message>
        <source>dense</source>
        <translation>稠密</translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation>困惑度</translation>
    </message>
    <message>
        <source>speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Speed (cmf bench)</source>
        <translation>速度（cmf bench）</translation>
    </message>
    <message>
        <source>all cores</source>
        <translation>所有核心</translation>
    </message>
    <message>
        <source>Prompt tokens (pp)</source>
        <translation>提示词 token 数（pp）</translation>
    </message>
    <message>
        <source>Decoded tokens (tg)</source>
        <translation>解码 token 数（tg）</translation>
    </message>
    <message>
        <source>Repetitions</source>
        <translation>重复次数</translation>
    </message>
    <message>
        <source>Tokens in the cache before (depth)</source>
        <translation>预先位于缓存中的 token 数（depth）</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <source>Run speed test</source>
        <translation>运行速度测试</translation>
    </message>
    <message>
        <source>Perplexity (cmf ppl)</source>
        <translation>困惑度（cmf ppl）</translation>
    </message>
    <message>
        <source>a text file, or paste the text below</source>
        <translation>文本文件，或在下方粘贴文本</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Text file</source>
        <translation>文本文件</translation>
    </message>
    <message>
        <source>Text to score, when no file is given</source>
        <translation>未指定文件时要评分的文本</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>stride</source>
        <translation>步长</translation>
    </message>
    <message>
        <source>Window (ctx)</source>
        <translation>窗口（ctx）</translation>
    </message>
    <message>
        <source>optional: a model to measure KL divergence from</source>
        <translation>可选：用于测量 KL 散度的参照模型</translation>
    </message>
    <message>
        <source>KL reference</source>
        <translation>KL 参照</translation>
    </message>
    <message>
        <source>Run perplexity</source>
        <translation>运行困惑度测试</translation>
    </message>
    <message>
        <source>Run under</source>
        <translation>运行方式</translation>
    </message>
    <message>
        <source>(dense)</source>
        <translation>（稠密）</translation>
    </message>
    <message>
        <source>(backbone)</source>
        <translation>（主干）</translation>
    </message>
    <message>
        <source>auto (routed on the text)</source>
        <translation>自动（根据文本路由）</translation>
    </message>
    <message>
        <source>Task mask</source>
        <translation>任务掩码</translation>
    </message>
    <message>
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>Both tests run under this choice; a KL reference runs dense on its backbone.</source>
        <translation>两项测试都按此选择运行；KL 参照在其主干上以稠密方式运行。</translation>
    </message>
    <message>
        <source>No test running.</source>
        <translation>没有正在运行的测试。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>Under</source>
        <translation>运行方式</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>KL / top-1</source>
        <translation>KL / top-1</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Compare two results</source>
        <translation>比较两个结果</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>B / A</source>
        <translation>B / A</translation>
    </message>
    <message>
        <source>Text to score</source>
        <translation>要评分的文本</translation>
    </message>
    <message>
        <source>Reference model</source>
        <translation>参照模型</translation>
    </message>
    <message>
        <source>CMF files (*.cmf)</source>
        <translation>CMF 文件 (*.cmf)</translation>
    </message>
    <message>
        <source>Speed of %1</source>
        <translation>%1 的速度</translation>
    </message>
    <message>
        <source>speed test</source>
        <translation>速度测试</translation>
    </message>
    <message>
        <source>Give a text file or paste a text to score.</source>
        <translation>请指定文本文件或粘贴要评分的文本。</translation>
    </message>
    <message>
        <source>Perplexity of %1</source>
        <translation>%1 的困惑度</translation>
    </message>
    <message>
        <source>KL divergence of %1 from %2</source>
        <translation>%1 相对于 %2 的 KL 散度</translation>
    </message>
    <message>
        <source>KL divergence</source>
        <translation>KL 散度</translation>
    </message>
    <message>
        <source>Running the %1…</source>
        <translation>正在运行%1…</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Done in %1 s.</source>
        <translation>已完成，用时 %1 秒。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Cannot keep the result in %1</source>
        <translation>无法将结果保存到 %1</translation>
    </message>
    <message>
        <source>pasted text</source>
        <translation>粘贴的文本</translation>
    </message>
    <message>
        <source>%1, %2 tokens, ctx %3 / stride %4</source>
        <translation>%1，%2 个 token，ctx %3 / 步长 %4</translation>
    </message>
    <message>
        <source>perplexity %1</source>
        <translation>困惑度 %1</translation>
    </message>
    <message>
        <source>%1 / %2 % vs %3</source>
        <translation>%1 / %2 % 对比 %3</translation>
    </message>
    <message>
        <source>pp%1 tg%2 depth %3, ×%4, %5 threads</source>
        <translation>pp%1 tg%2 depth %3，×%4，%5 个线程</translation>
    </message>
    <message>
        <source>Perplexity per window: run a perplexity test</source>
        <translation>各窗口的困惑度：请运行困惑度测试</translation>
    </message>
    <message>
        <source>window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>KL (nats)</source>
        <translation>KL（nat）</translation>
    </message>
    <message>
        <source>Perplexity per window (%1, %2)</source>
        <translation>各窗口的困惑度（%1，%2）</translation>
    </message>
    <message>
        <source>prefill tok/s</source>
        <translation>预填充 tok/s</translation>
    </message>
    <message>
        <source>decode tok/s</source>
        <translation>解码 tok/s</translation>
    </message>
    <message>
        <source>Speed across runs: run a speed test</source>
        <translation>各次运行的速度：请运行速度测试</translation>
    </message>
    <message>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>tok/s</source>
        <translation>tok/s</translation>
    </message>
    <message>
        <source>Speed across runs</source>
        <translation>各次运行的速度</translation>
    </message>
    <message>
        <source>Perplexity</source>
        <translation>困惑度</translation>
    </message>
    <message>
        <source>NLL per token</source>
        <translation>每 token 的 NLL</translation>
    </message>
    <message>
        <source>KL divergence (nats per token)</source>
        <translation>KL 散度（每 token 的 nat 数）</translation>
    </message>
    <message>
        <source>KL divergence, 99th percentile</source>
        <translation>KL 散度，第 99 百分位</translation>
    </message>
    <message>
        <source>Top-1 agreement</source>
        <translation>top-1 一致率</translation>
    </message>
    <message>
        <source>Reference perplexity</source>
        <translation>参照困惑度</translation>
    </message>
    <message>
        <source>Tokens predicted</source>
        <translation>预测的 token 数</translation>
    </message>
    <message>
        <source>Prefill tok/s</source>
        <translation>预填充 tok/s</translation>
    </message>
    <message>
        <source>Decode tok/s</source>
        <translation>解码 tok/s</translation>
    </message>
    <message>
        <source>Decode reads GB/s</source>
        <translation>解码读取 GB/s</translation>
    </message>
    <message>
        <source>Bytes read per decoded token</source>
        <translation>每个解码 token 读取的字节数</translation>
    </message>
</context>
<context>
    <name>cmfw::OperationDialog</name>
    <message>
        <source>Input: %1</source>
        <translation>输入：%1</translation>
    </message>
    <message>
        <source>Task name</source>
        <translation>任务名称</translation>
    </message>
    <message>
        <source>Corpus files (;-separated)</source>
        <translation>语料文件（以 ; 分隔）</translation>
    </message>
    <message>
        <source>Held-out text (quality)</source>
        <translation>留出文本（质量）</translation>
    </message>
    <message>
        <source>Keep fraction</source>
        <translation>保留比例</translation>
    </message>
    <message>
        <source>Skill id</source>
        <translation>技能 Id</translation>
    </message>
    <message>
        <source>Donor folder (Hugging Face)</source>
        <translation>供体模型文件夹（Hugging Face）</translation>
    </message>
    <message>
        <source>Example prompts</source>
        <translation>示例提示词</translation>
    </message>
    <message>
        <source>Backbone prompts (optional)</source>
        <translation>主干提示词（可选）</translation>
    </message>
    <message>
        <source>Base model</source>
        <translation>基础模型</translation>
    </message>
    <message>
        <source>Skill file</source>
        <translation>技能文件</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Route statistics (JSON)</source>
        <translation>路由统计（JSON）</translation>
    </message>
    <message>
        <source>Cover</source>
        <translation>覆盖率</translation>
    </message>
    <message>
        <source>Text files (;-separated)</source>
        <translation>文本文件（以 ; 分隔）</translation>
    </message>
    <message>
        <source>Only tensors matching (regex)</source>
        <translation>仅限匹配的张量（正则表达式）</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出文件</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose files</source>
        <translation>选择文件</translation>
    </message>
    <message>
        <source>Choose a folder</source>
        <translation>选择文件夹</translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation>选择文件</translation>
    </message>
    <message>
        <source>Choose an output file.</source>
        <translation>请选择输出文件。</translation>
    </message>
    <message>
        <source>The output must be a new file: the open one is never overwritten.</source>
        <translation>输出必须是新文件：已打开的文件永远不会被覆盖。</translation>
    </message>
    <message>
        <source>Fill in every field.</source>
        <translation>请填写所有字段。</translation>
    </message>
    <message>
        <source>A held-out text is needed: quality is measured, never declared.</source>
        <translation>需要留出文本：质量是测量出来的，而不是声明的。</translation>
    </message>
    <message>
        <source>No such file: %1</source>
        <translation>文件不存在：%1</translation>
    </message>
    <message>
        <source>Writes %1</source>
        <translation>将写入 %1</translation>
    </message>
    <message>
        <source>The output is a folder: give it a file name.</source>
        <translation>输出是一个文件夹：请给出文件名。</translation>
    </message>
    <message>
        <source>“%1” is not a valid regular expression (%2).</source>
        <translation>“%1”不是有效的正则表达式（%2）。</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Writes %1 (one shard: every tensor fits)</source>
        <translation>写入 %1（一个分片：所有张量都放得下）</translation>
    </message>
    <message numerus="yes">
        <source>Writes %n shard(s): %1 … %2</source>
        <translation>
            <numerusform>写入 %n 个分片：%1 … %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot plan the shards: %1</source>
        <translation>无法规划分片：%1</translation>
    </message>
    <message>
        <source>task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>“%1” is not a task of this file; its tasks are: %2.</source>
        <translation>“%1”不是此文件的任务；它的任务有：%2。</translation>
    </message>
    <message>
        <source>%1 must be a number in (0, 1]; “%2” is not.</source>
        <translation>%1 必须是 (0, 1] 内的数；“%2”不是。</translation>
    </message>
    <message>
        <source>The keep fraction</source>
        <translation>保留比例</translation>
    </message>
    <message>
        <source>“%1” is not a valid %2 id: use letters, digits, - and _.</source>
        <translation>“%1”不是有效的%2 id：请使用字母、数字、- 和 _。</translation>
    </message>
    <message>
        <source>The file already has a %1 named “%2” (it has: %3); choose a new name.</source>
        <translation>文件中已有名为“%2”的%1（已有：%3）；请换一个新名称。</translation>
    </message>
</context>
<context>
    <name>cmfw::OverviewView</name>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 M</translation>
    </message>
    <message>
        <source>%1 K</source>
        <translation>%1 K</translation>
    </message>
    <message>
        <source>not in the header</source>
        <translation>头部中没有</translation>
    </message>
    <message>
        <source>full</source>
        <translation>全注意力</translation>
    </message>
    <message>
        <source>sliding window</source>
        <translation>滑动窗口</translation>
    </message>
    <message>
        <source>linear (gated delta rule)</source>
        <translation>线性（门控 delta 规则）</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>%1 — a %2 model</source>
        <translation>%1 — %2 模型</translation>
    </message>
    <message>
        <source>%1 parameters · %2 · %3 bits per weight</source>
        <translation>%1 参数 · %2 · 每权重 %3 位</translation>
    </message>
    <message>
        <source>Chat…</source>
        <translation>聊天…</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>校验</translation>
    </message>
    <message>
        <source>Compare with…</source>
        <translation>比较…</translation>
    </message>
    <message>
        <source>Envelope and sections</source>
        <translation>信封与分区</translation>
    </message>
    <message>
        <source>Talk to this model on the CPU engine, in a window of its own</source>
        <translation>在独立窗口中用 CPU 引擎与此模型对话</translation>
    </message>
    <message>
        <source>Not a runnable model: the header has no arch</source>
        <translation>不是可运行的模型：头部没有 arch</translation>
    </message>
    <message>
        <source>Check every hash of the file and its signature</source>
        <translation>检查文件的每个哈希及其签名</translation>
    </message>
    <message>
        <source>Compare this file with another CMF file: tensors, header and sections</source>
        <translation>将此文件与另一个 CMF 文件比较：张量、头部和分区</translation>
    </message>
    <message>
        <source>Task masks and skills: their quality, and the jobs that make, apply and export them</source>
        <translation>任务掩码与技能：它们的质量，以及创建、应用和导出它们的作业</translation>
    </message>
    <message>
        <source>The envelope: where every section of the file lies, byte for byte</source>
        <translation>信封：文件每个分区的位置，精确到字节</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Size and precision</source>
        <translation>大小与精度</translation>
    </message>
    <message>
        <source>Tokenizer and chat</source>
        <translation>分词器与聊天</translation>
    </message>
    <message>
        <source>Task masks and skills</source>
        <translation>任务掩码与技能</translation>
    </message>
    <message>
        <source>Signature and memory</source>
        <translation>签名与内存</translation>
    </message>
    <message>
        <source>Family</source>
        <translation>系列</translation>
    </message>
    <message>
        <source>not named (no arch_name)</source>
        <translation>未命名（没有 arch_name）</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>%1 query, %2 key/value</source>
        <translation>%1 个查询头，%2 个键/值头</translation>
    </message>
    <message>
        <source>%1 wide</source>
        <translation>宽 %1</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>window %1 tokens</source>
        <translation>窗口 %1 个词元</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>no layers</source>
        <translation>没有层</translation>
    </message>
    <message>
        <source>Experts (MoE)</source>
        <translation>专家（MoE）</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个词元</translation>
    </message>
    <message>
        <source>Draft head (MTP)</source>
        <translation>草稿头（MTP）</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s)</source>
        <translation>
            <numerusform>%n 层</numerusform>
        </translation>
    </message>
    <message>
        <source>Shard</source>
        <translation>分片</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>File size</source>
        <translation>文件大小</translation>
    </message>
    <message>
        <source>%1 (%2 bytes)</source>
        <translation>%1（%2 字节）</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Bits per weight</source>
        <translation>每权重位数</translation>
    </message>
    <message>
        <source>quant_type</source>
        <translation>quant_type</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>reading %1 of tokenizer.json…</source>
        <translation>正在读取 %1 的 tokenizer.json…</translation>
    </message>
    <message>
        <source>Vocabulary (arch)</source>
        <translation>词表（arch）</translation>
    </message>
    <message>
        <source>no arch</source>
        <translation>没有 arch</translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation>聊天模板</translation>
    </message>
    <message>
        <source>yes, in the file</source>
        <translation>有，在文件中</translation>
    </message>
    <message>
        <source>Generation defaults</source>
        <translation>生成默认值</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more on the Tasks &amp; skills page</source>
        <translation>
            <numerusform>… 另有 %n 个，见“任务与技能”页</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2 of the FFN off; quality: %3</source>
        <translation>%1 — 关闭 %2 的 FFN；质量：%3</translation>
    </message>
    <message>
        <source>Masks (%1)</source>
        <translation>掩码（%1）</translation>
    </message>
    <message>
        <source>none: the file has no masks section</source>
        <translation>无：文件没有掩码分区</translation>
    </message>
    <message>
        <source>A mask marked “not measured” has no recorded quality (§5.1): check it before relying on it</source>
        <translation>标记为“未测量”的掩码没有记录质量（§5.1）：依赖它之前请先检查</translation>
    </message>
    <message>
        <source>%1 — quality: %2</source>
        <translation>%1 — 质量：%2</translation>
    </message>
    <message>
        <source>Skills (%1)</source>
        <translation>技能（%1）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Hash the whole file and check %1.sig beside it</source>
        <translation>对整个文件计算哈希并检查旁边的 %1.sig</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>签名</translation>
    </message>
    <message>
        <source>no estimate: %1</source>
        <translation>无估算：%1</translation>
    </message>
    <message>
        <source>%1 weights + %2 KV cache</source>
        <translation>%1 权重 + %2 KV 缓存</translation>
    </message>
    <message>
        <source>no budget: %1</source>
        <translation>无预算：%1</translation>
    </message>
    <message>
        <source>Memory to chat</source>
        <translation>聊天所需内存</translation>
    </message>
    <message>
        <source>Read tokenizer of %1</source>
        <translation>读取 %1 的分词器</translation>
    </message>
    <message>
        <source>could not read it: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>unreadable: %1</source>
        <translation>不可读：%1</translation>
    </message>
    <message numerus="yes">
        <source>%1, %2 tokens (%n added)</source>
        <translation>
            <numerusform>%1，%2 个词元（%n 个附加）</numerusform>
        </translation>
    </message>
    <message>
        <source>unnamed model</source>
        <translation>未命名模型</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>Check signature of %1</source>
        <translation>检查 %1 的签名</translation>
    </message>
    <message>
        <source>no signature</source>
        <translation>无签名</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>INVALID</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>Tasks &amp;&amp; skills</source>
        <translation>任务与技能</translation>
    </message>
    <message>
        <source>none: the header has no arch,
so this is not a runnable model</source>
        <translation>无：头部没有 arch，
因此这不是可运行的模型</translation>
    </message>
    <message>
        <source>none (dense FFN, %1 wide)</source>
        <translation>无（稠密 FFN，宽 %1）</translation>
    </message>
    <message>
        <source>%1 experts, top-%2, shared expert</source>
        <translation>%1 个专家，top-%2，共享专家</translation>
    </message>
    <message>
        <source>%1 experts, top-%2</source>
        <translation>%1 个专家，top-%2</translation>
    </message>
    <message>
        <source>%1 of %2, the set complete</source>
        <translation>第 %1 个，共 %2 个，分片集完整</translation>
    </message>
    <message>
        <source>%1 of %2, the set did not open:
the numbers are this shard&apos;s</source>
        <translation>第 %1 个，共 %2 个，分片集未能打开：
数字仅属于此分片</translation>
    </message>
    <message>
        <source>%1 (%2) in the set
%3 in this shard</source>
        <translation>分片集中 %1（%2）
此分片中 %3</translation>
    </message>
    <message>
        <source>%1 (%2 bytes)
the set: %3</source>
        <translation>%1（%2 字节）
分片集：%3</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2, %n tensor(s)</source>
        <translation>
            <numerusform>%1：%2，%n 个张量</numerusform>
        </translation>
    </message>
    <message>
        <source>Dtype mix (bytes)</source>
        <translation>数据类型构成（字节）</translation>
    </message>
    <message>
        <source>none (no vocab section):
no chat, no text</source>
        <translation>无（没有 vocab 分区）：
不能聊天，不能处理文本</translation>
    </message>
    <message>
        <source>none: runtimes use ChatML</source>
        <translation>无：运行时使用 ChatML</translation>
    </message>
    <message>
        <source>%1 at a %2-token context</source>
        <translation>上下文 %2 个词元时需 %1</translation>
    </message>
    <message>
        <source>+ %1 recurrent state</source>
        <translation>+ %1 循环状态</translation>
    </message>
    <message>
        <source>more than this machine can give: %1</source>
        <translation>超过本机可提供的内存：%1</translation>
    </message>
    <message>
        <source>this machine can give %1</source>
        <translation>本机可提供 %1</translation>
    </message>
    <message>
        <source>What bounds it: %1</source>
        <translation>限制来源：%1</translation>
    </message>
    <message>
        <source>The chat window&apos;s default context, the backbone without a task mask, as the engine estimates it before loading (cmf info --json &quot;memory&quot;)</source>
        <translation>聊天窗口的默认上下文、不带任务掩码的主干模型，由引擎在加载前估算（cmf info --json &quot;memory&quot;）</translation>
    </message>
    <message>
        <source>could not check</source>
        <translation>无法检查</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <source>Checking hashes the whole file: press Check</source>
        <translation>检查需要对整个文件计算哈希：请点击“检查”</translation>
    </message>
    <message>
        <source>not signed</source>
        <translation>未签名</translation>
    </message>
    <message>
        <source>There is no %1 beside the file</source>
        <translation>文件旁没有 %1</translation>
    </message>
    <message>
        <source>valid, signed by %1
(a trusted signer)</source>
        <translation>有效，由 %1 签名
（受信任的签名者）</translation>
    </message>
    <message>
        <source>valid; the signer is not
in your trusted keys</source>
        <translation>有效；签名者不在
您的受信任密钥中</translation>
    </message>
    <message>
        <source>Anyone can make a valid signature with their own key: see the Signature page to trust this one</source>
        <translation>任何人都能用自己的密钥做出有效签名：要信任此签名者，请打开“签名”页</translation>
    </message>
    <message>
        <source>none in the file: chats start from the workbench&apos;s defaults, cmf run is greedy</source>
        <translation>文件中没有：聊天从工作台的默认值开始，cmf run 为贪心解码</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>greedy (do_sample false)</source>
        <translation>贪心（do_sample false）</translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation>温度 %1</translation>
    </message>
    <message>
        <source>top-k %1</source>
        <translation>top-k %1</translation>
    </message>
    <message>
        <source>top-p %1</source>
        <translation>top-p %1</translation>
    </message>
    <message>
        <source>min-p %1</source>
        <translation>min-p %1</translation>
    </message>
    <message>
        <source>repetition penalty %1</source>
        <translation>重复惩罚 %1</translation>
    </message>
    <message>
        <source>stops at ids %1</source>
        <translation>在 id %1 处停止</translation>
    </message>
</context>
<context>
    <name>cmfw::PlaygroundView</name>
    <message>
        <source>normal</source>
        <translation>普通</translation>
    </message>
    <message>
        <source>special</source>
        <translation>特殊</translation>
    </message>
    <message>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>byte fallback</source>
        <translation>字节回退</translation>
    </message>
    <message>
        <source>Hello, world! Tokenizers split text into pieces: &quot;unbelievably&quot; and 1234567 too.
Ünïcödé, 日本語 and emoji 🙂 take several bytes.</source>
        <translation>你好，世界！分词器会把文本切成小块：&quot;unbelievably&quot; 和 1234567 也一样。
Ünïcödé、日本語和表情 🙂 占用多个字节。</translation>
    </message>
    <message>
        <source>Tokenizer playground</source>
        <translation>分词器试验场</translation>
    </message>
    <message>
        <source>Reading tokenizer.json…</source>
        <translation>正在读取 tokenizer.json…</translation>
    </message>
    <message>
        <source>Encode</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation>对话模板</translation>
    </message>
    <message>
        <source>This file has no tokenizer section (vocab_off = 0): there is nothing to try.</source>
        <translation>此文件没有分词器分区（vocab_off = 0）：没有可试验的内容。</translation>
    </message>
    <message>
        <source>Load tokenizer playground for %1</source>
        <translation>为 %1 加载分词器试验场</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 token</translation>
    </message>
    <message>
        <source>Could not read the tokenizer: %1</source>
        <translation>无法读取分词器：%1</translation>
    </message>
    <message>
        <source>Type or paste text to tokenize</source>
        <translation>输入或粘贴要分词的文本</translation>
    </message>
    <message>
        <source>Add special tokens (BOS, [CLS]…)</source>
        <translation>添加特殊 token（BOS、[CLS]…）</translation>
    </message>
    <message>
        <source>The post-processor&apos;s tokens, as cmf tokenize adds them unless --no-add-special</source>
        <translation>后处理器的 token，cmf tokenize 在未指定 --no-add-special 时会添加它们</translation>
    </message>
    <message>
        <source>Recognise special tokens in the text</source>
        <translation>识别文本中的特殊 token</translation>
    </message>
    <message>
        <source>Off: special-token text such as &lt;|im_end|&gt; is tokenized as ordinary text (cmf tokenize --split-special)</source>
        <translation>关闭时：&lt;|im_end|&gt; 等特殊 token 文本按普通文本分词（cmf tokenize --split-special）</translation>
    </message>
    <message>
        <source>Show ids</source>
        <translation>显示 id</translation>
    </message>
    <message>
        <source>Ids</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Token ids separated by commas or spaces, or a JSON array, decoded as cmf tokenize --decode does.</source>
        <translation>以逗号或空格分隔的 token id，或 JSON 数组，按 cmf tokenize --decode 的方式解码。</translation>
    </message>
    <message>
        <source>e.g. 9707, 1879 or [9707, 1879]</source>
        <translation>例如 9707, 1879 或 [9707, 1879]</translation>
    </message>
    <message>
        <source>Skip special tokens</source>
        <translation>跳过特殊 token</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Regex</source>
        <translation>Regex</translation>
    </message>
    <message>
        <source>Text: a substring of the token or of what it decodes to; Id: one id; Regex: a regular expression searched in both</source>
        <translation>文本：token 或其解码结果的子串；Id：单个 id；Regex：在两者中搜索的正则表达式</translation>
    </message>
    <message>
        <source>Search the vocabulary</source>
        <translation>搜索词表</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Add message</source>
        <translation>添加消息</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Add generation prompt</source>
        <translation>添加生成提示</translation>
    </message>
    <message>
        <source>You are a helpful assistant.</source>
        <translation>你是一个乐于助人的助手。</translation>
    </message>
    <message>
        <source>What does the word anchor mean?</source>
        <translation>“锚”这个词是什么意思？</translation>
    </message>
    <message>
        <source>%1 tokenizer, %2 ids (%3 special). The same code as cmf tokenize and cmf template.</source>
        <translation>%1 分词器，%2 个 id（%3 个特殊）。与 cmf tokenize 和 cmf template 使用相同的代码。</translation>
    </message>
    <message>
        <source>token</source>
        <translation>token</translation>
    </message>
    <message>
        <source>byte</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>The chat template does not parse: %1</source>
        <translation>对话模板无法解析：%1</translation>
    </message>
    <message>
        <source>This file has no chat template: rendered with the ChatML fallback (§6.1), as cmf template does.</source>
        <translation>此文件没有对话模板：按 ChatML 回退方案（§6.1）渲染，与 cmf template 相同。</translation>
    </message>
    <message>
        <source>Rendered with the file&apos;s chat template, as cmf template renders it.</source>
        <translation>使用文件自带的对话模板渲染，与 cmf template 的渲染方式相同。</translation>
    </message>
    <message>
        <source>undefined</source>
        <translation>未定义</translation>
    </message>
    <message>
        <source>bos_token: %1, eos_token: %2.</source>
        <translation>bos_token：%1，eos_token：%2。</translation>
    </message>
    <message>
        <source>… the first %1 of %2 tokens are shown.</source>
        <translation>… 显示了 %2 个 token 中的前 %1 个。</translation>
    </message>
    <message>
        <source>token %1: id %2
spelling: %3
text: %4
kind: %5</source>
        <translation>token %1：id %2
拼写：%3
文本：%4
类型：%5</translation>
    </message>
    <message>
        <source>This text cannot be tokenized: %1</source>
        <translation>无法对此文本分词：%1</translation>
    </message>
    <message>
        <source>%1 tokens · %2 characters · %3 bytes · %4 bytes per token · %5 characters per token</source>
        <translation>%1 个 token · %2 个字符 · %3 字节 · 每 token %4 字节 · 每 token %5 个字符</translation>
    </message>
    <message>
        <source>Searching %1 ids…</source>
        <translation>正在搜索 %1 个 id…</translation>
    </message>
    <message>
        <source>%1 matches; the first %2 are listed.</source>
        <translation>%1 个匹配；列出了前 %2 个。</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es).</source>
        <translation>
            <numerusform>%n 个匹配。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens · %2 bytes</source>
        <translation>%1 个 token · %2 字节</translation>
    </message>
</context>
<context>
    <name>cmfw::PreviewModel</name>
    <message>
        <source>[%1, %2] = %3</source>
        <translation>[%1, %2] = %3</translation>
    </message>
</context>
<context>
    <name>cmfw::QualityContractView</name>
    <message>
        <source>Quality contract</source>
        <translation>质量契约</translation>
    </message>
    <message>
        <source>§5.1: quality is a held-out contract, not a declaration — a writer without a measured metric writes null.</source>
        <translation>§5.1：质量是基于留出数据的契约，而非声明——没有测得指标的写入器写入 null。</translation>
    </message>
    <message>
        <source>NOT MEASURED</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>quality is null: the writer measured nothing, so the file makes no quality claim for this task</source>
        <translation>quality 为 null：写入器未做任何测量，因此文件不对该任务的质量作任何声明</translation>
    </message>
    <message>
        <source>masked perplexity ÷ dense perplexity on held-out text: 1.0 = no loss, higher = worse</source>
        <translation>留出文本上的掩码困惑度 ÷ 稠密困惑度：1.0 = 无损失，越高越差</translation>
    </message>
    <message>
        <source>NOT MEASURED: the mask carries no held-out quality (quality = null, §5.1). Its effect on the model is unknown; the runtime warns when switching to it.</source>
        <translation>未测量：该掩码没有在留出数据上测得的质量（quality = null，§5.1）。它对模型的影响未知；切换到它时运行时会发出警告。</translation>
    </message>
</context>
<context>
    <name>cmfw::QuantPicker</name>
    <message>
        <source>vbit: the mean width of a row&apos;s codes, 3 to 8 bits; each row gets 3, 4, 5, 6 or 8 by its amplitude.</source>
        <translation>vbit：一行编码的平均位宽，3 到 8 位；每行按其幅度获得 3、4、5、6 或 8 位。</translation>
    </message>
    <message>
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <source>Mean bits (vbit)</source>
        <translation>平均位数（vbit）</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 — at most %2</source>
        <translation>%1 — 最多 %2</translation>
    </message>
</context>
<context>
    <name>cmfw::QuantView</name>
    <message>
        <source>The Hugging Face folder this file was converted from</source>
        <translation>此文件转换自的 Hugging Face 文件夹</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>测量</translation>
    </message>
    <message>
        <source>Source checkpoint:</source>
        <translation>源检查点：</translation>
    </message>
    <message>
        <source>Dequantized values against the source: relative RMS error ‖q − w‖/‖w‖ and the largest |q − w| per tensor.</source>
        <translation>反量化值与源值对比：每个张量的相对 RMS 误差 ‖q − w‖/‖w‖ 以及最大 |q − w|。</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Relative RMS error</source>
        <translation>相对 RMS 误差</translation>
    </message>
    <message>
        <source>Max |error|</source>
        <translation>最大 |误差|</translation>
    </message>
    <message>
        <source>Source checkpoint folder</source>
        <translation>源检查点文件夹</translation>
    </message>
    <message>
        <source>Quantization error of %1</source>
        <translation>%1 的量化误差</translation>
    </message>
    <message>
        <source>Could not measure: %1</source>
        <translation>无法测量：%1</translation>
    </message>
    <message>
        <source>Expected below</source>
        <translation>预期低于</translation>
    </message>
    <message>
        <source>Far above what %1 reaches on its own source (%2): this checkpoint is probably not its source.</source>
        <translation>远高于 %1 在其自身来源上的误差（%2）：此检查点很可能不是它的来源。</translation>
    </message>
</context>
<context>
    <name>cmfw::RoutingView</name>
    <message>
        <source>Text to route (or a file); the statistics count, per MoE layer, how many tokens selected each expert:</source>
        <translation>要路由的文本（或文件）；统计会按 MoE 层计算每个专家被多少个 token 选中：</translation>
    </message>
    <message>
        <source>Run on the text as %1</source>
        <translation>在文本上运行，作为 %1</translation>
    </message>
    <message>
        <source>Run on a file as %1…</source>
        <translation>在文件上运行，作为 %1…</translation>
    </message>
    <message>
        <source>Load %1…</source>
        <translation>加载 %1…</translation>
    </message>
    <message>
        <source>Save %1…</source>
        <translation>保存 %1…</translation>
    </message>
    <message>
        <source>Text file</source>
        <translation>文本文件</translation>
    </message>
    <message>
        <source>Route statistics</source>
        <translation>路由统计</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>%1: no statistics yet</source>
        <translation>%1：尚无统计</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>Run or load statistics</source>
        <translation>请运行或加载统计</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Overlap of A and B (Σ min)</source>
        <translation>A 与 B 的重叠（Σ min）</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Route statistics (%1)</source>
        <translation>路由统计（%1）</translation>
    </message>
    <message>
        <source>Selection frequency (share of a layer&apos;s selections)</source>
        <translation>选中频率（占该层全部选择的比例）</translation>
    </message>
    <message>
        <source>dense layer</source>
        <translation>稠密层</translation>
    </message>
    <message>
        <source>%1: %2 tokens, top-%3</source>
        <translation>%1：%2 个 token，top-%3</translation>
    </message>
    <message>
        <source>dense</source>
        <translation>稠密</translation>
    </message>
    <message>
        <source>%1 is not route statistics: %2</source>
        <translation>%1 不是路由统计：%2</translation>
    </message>
</context>
<context>
    <name>cmfw::RowScalesModel</name>
    <message>
        <source>Mean of the row&apos;s 32-weight group scales</source>
        <translation>该行各 32 权重分组缩放系数的平均值</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>位数</translation>
    </message>
    <message>
        <source>Mean scale</source>
        <translation>平均缩放</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>Min scale</source>
        <translation>最小缩放</translation>
    </message>
    <message>
        <source>Max scale</source>
        <translation>最大缩放</translation>
    </message>
    <message>
        <source>Outliers</source>
        <translation>离群值</translation>
    </message>
</context>
<context>
    <name>cmfw::RowSeriesChart</name>
    <message>
        <source>row</source>
        <translation>行</translation>
    </message>
</context>
<context>
    <name>cmfw::RowWidthsPanel</name>
    <message>
        <source>Tensor:</source>
        <translation>张量：</translation>
    </message>
    <message>
        <source>Rows per line:</source>
        <translation>每排行数：</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>No vbit or vbit_ro tensors in this file: every row of its quantized tensors has the same width.</source>
        <translation>此文件中没有 vbit 或 vbit_ro 张量：其量化张量的每一行位宽都相同。</translation>
    </message>
    <message>
        <source>vbit gives each row its own width (3–8 bits) by water-filling toward the tensor&apos;s mean budget (§3.2).</source>
        <translation>vbit 通过注水法逼近张量的平均位预算，为每一行分配各自的位宽（3–8 位）（§3.2）。</translation>
    </message>
    <message>
        <source>The payload of %1 is shorter than its width table.</source>
        <translation>%1 的数据比其位宽表还短。</translation>
    </message>
    <message numerus="yes">
        <source>%n bit(s)</source>
        <translation>
            <numerusform>%n 位</numerusform>
        </translation>
    </message>
    <message>
        <source>Bits per row of %1</source>
        <translation>%1 的每行位数</translation>
    </message>
    <message>
        <source>first row</source>
        <translation>起始行</translation>
    </message>
    <message>
        <source>+ row</source>
        <translation>+ 行</translation>
    </message>
    <message>
        <source>past the last row</source>
        <translation>超出最后一行</translation>
    </message>
    <message>
        <source>mean bits</source>
        <translation>平均位数</translation>
    </message>
    <message>
        <source>tensor row %1: %2 codes of this width, %3 bytes packed
group scales: min %4, mean %5, max %6</source>
        <translation>张量第 %1 行：%2 个此位宽的码值，打包后 %3 字节
分组缩放系数：最小 %4，平均 %5，最大 %6</translation>
    </message>
    <message>
        <source>bits per row</source>
        <translation>每行位数</translation>
    </message>
    <message>
        <source>rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>%1 rows × %2; widths %3–%4 bits, mean %5 (the codes). With scales, widths%6 and padding the tensor costs %7 bits per weight. %8</source>
        <translation>%1 行 × %2；位宽 %3–%4 位，平均 %5（码值）。加上缩放系数、位宽%6和填充，该张量每权重占 %7 位。%8</translation>
    </message>
    <message>
        <source>, row offsets</source>
        <translation>、行偏移</translation>
    </message>
</context>
<context>
    <name>cmfw::ScaleProfilesPanel</name>
    <message>
        <source>Tensor:</source>
        <translation>张量：</translation>
    </message>
    <message>
        <source>column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>No quantized tensors with scales in this file.</source>
        <translation>此文件中没有带缩放系数的量化张量。</translation>
    </message>
    <message>
        <source>row scale</source>
        <translation>行缩放系数</translation>
    </message>
    <message>
        <source>mean group scale</source>
        <translation>分组平均缩放系数</translation>
    </message>
    <message>
        <source>max group scale</source>
        <translation>分组最大缩放系数</translation>
    </message>
    <message>
        <source>column field θ</source>
        <translation>列场 θ</translation>
    </message>
    <message>
        <source>Each tile&apos;s scale is 2^(lo + code · step) on its row&apos;s 32-rung ladder; the profile shows the scales the codes pick.</source>
        <translation>每个块的缩放系数为其所在行 32 档阶梯上的 2^(lo + code · step)；分布图显示码值所选取的缩放系数。</translation>
    </message>
    <message>
        <source>w = q · scale[row] · θ[column]: the row scale on the left, the column field on the right.</source>
        <translation>w = q · scale[行] · θ[列]：左侧为行缩放系数，右侧为列场。</translation>
    </message>
</context>
<context>
    <name>cmfw::SectionBar</name>
    <message>
        <source>%1
offset %2
length %3 (%4 of the file)</source>
        <translation>%1
偏移 %2
长度 %3（占文件 %4）</translation>
    </message>
</context>
<context>
    <name>cmfw::ServeView</name>
    <message>
        <source>Serve %1</source>
        <translation>服务 %1</translation>
    </message>
    <message>
        <source>127.0.0.1: this machine only. 0.0.0.0: every interface (set a key then)</source>
        <translation>127.0.0.1：仅本机。0.0.0.0：所有网络接口（此时请设置密钥）</translation>
    </message>
    <message>
        <source>any free port</source>
        <translation>任意空闲端口</translation>
    </message>
    <message>
        <source>none: no Authorization header needed</source>
        <translation>无：不需要 Authorization 头</translation>
    </message>
    <message>
        <source>Replies generated at once, each with its own KV cache; more requests wait in a queue</source>
        <translation>同时生成的回复数，每个都有自己的 KV 缓存；更多请求在队列中等待</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Slots</source>
        <translation>槽位</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Not serving</source>
        <translation>未在服务</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>输入词元</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>输出词元</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>词元/秒</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Copy snippet</source>
        <translation>复制示例</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Serving %1 at %2</source>
        <translation>正在 %2 提供 %1</translation>
    </message>
    <message>
        <source>listening beyond this machine without a key: anyone who can reach port %1 can use this model</source>
        <translation>在本机之外监听且未设置密钥：任何能访问端口 %1 的人都可以使用此模型</translation>
    </message>
    <message>
        <source>Stopped; the port is free</source>
        <translation>已停止；端口已释放</translation>
    </message>
    <message>
        <source>(stream)</source>
        <translation>（流式）</translation>
    </message>
    <message>
        <source>(cancelled)</source>
        <translation>（已取消）</translation>
    </message>
    <message>
        <source>Requests: %1 (%2 completed, %3 cancelled, %4 refused with the queue full, %5 failed) · tokens: %6 prompt, %7 completion</source>
        <translation>请求：%1（完成 %2，取消 %3，队列已满被拒 %4，失败 %5）· 词元：提示 %6，回复 %7</translation>
    </message>
</context>
<context>
    <name>cmfw::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <source>The language changes when the workbench starts next time.</source>
        <translation>语言将在下次启动时生效。</translation>
    </message>
    <message>
        <source>automatic (%1)</source>
        <translation>自动（%1）</translation>
    </message>
    <message>
        <source>Threads used for hashing and decoding; automatic uses one per core.</source>
        <translation>用于计算哈希和解码的线程数；自动模式下每个核心一个。</translation>
    </message>
    <message>
        <source>Worker threads:</source>
        <translation>工作线程：</translation>
    </message>
    <message>
        <source>Trusted signer keys (a valid .sig by one of these is shown as trusted):</source>
        <translation>受信任的签名者密钥（由其中之一签出的有效 .sig 将显示为受信任）：</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Ed25519 public key</source>
        <translation>Ed25519 公钥</translation>
    </message>
    <message>
        <source>Add key…</source>
        <translation>添加密钥…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Add trusted key</source>
        <translation>添加受信任密钥</translation>
    </message>
    <message>
        <source>Ed25519 public key (64 hex digits):</source>
        <translation>Ed25519 公钥（64 位十六进制数字）：</translation>
    </message>
    <message>
        <source>A public key is 64 hexadecimal digits.</source>
        <translation>公钥由 64 位十六进制数字组成。</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Row %1: a public key is 64 hexadecimal digits.</source>
        <translation>第 %1 行：公钥由 64 位十六进制数字组成。</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>主题：</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <source>system (%1 pt)</source>
        <translation>系统（%1 pt）</translation>
    </message>
    <message>
        <source>The size of the interface&apos;s text; tables, charts and heatmap labels follow it.</source>
        <translation>界面文字的大小；表格、图表和热力图标签随之调整。</translation>
    </message>
    <message>
        <source>Font size:</source>
        <translation>字号：</translation>
    </message>
</context>
<context>
    <name>cmfw::ShardPicker</name>
    <message>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <source>Measured as the tensors&apos; size at f32 (§10): a tensor is never split, so a shard may hold one larger tensor alone.</source>
        <translation>按张量的 f32 大小计算（§10）：张量从不拆分，因此一个分片可能单独容纳一个更大的张量。</translation>
    </message>
    <message>
        <source>Largest shard</source>
        <translation>最大分片</translation>
    </message>
    <message>
        <source>Split into shards of at most</source>
        <translation>拆分为每个最多</translation>
    </message>
    <message>
        <source>Sharding</source>
        <translation>分片</translation>
    </message>
</context>
<context>
    <name>cmfw::ShardsView</name>
    <message>
        <source>Shards</source>
        <translation>分片</translation>
    </message>
    <message>
        <source>This file is shard %1 of %2. Every shard is a valid file on its own; the model is the union of their directories, and masks, tokenizer, chat template and skills live in shard 1 only (spec §10).</source>
        <translation>此文件是 %2 个分片中的第 %1 个。每个分片本身都是有效文件；模型是各分片目录的并集，掩码、分词器、对话模板和技能只存放在第 1 个分片中（规范 §10）。</translation>
    </message>
    <message>
        <source>The set could not be assembled: %1</source>
        <translation>无法组装分片集：%1</translation>
    </message>
    <message>
        <source>The views show this shard alone.</source>
        <translation>各视图仅显示此分片。</translation>
    </message>
    <message>
        <source>Shard</source>
        <translation>分片</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) in the merged directory, %1 in all files.</source>
        <translation>
            <numerusform>合并目录中共 %n 个张量，所有文件合计 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Double-click to open this shard</source>
        <translation>双击打开此分片</translation>
    </message>
</context>
<context>
    <name>cmfw::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Filter by action or key…</source>
        <translation>按操作或按键筛选…</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
</context>
<context>
    <name>cmfw::SignatureView</name>
    <message>
        <source>Signature</source>
        <translation>签名</translation>
    </message>
    <message>
        <source>A detached Ed25519 signature &lt;file&gt;.sig proves who published the file: it signs the SHA-256 of the whole file, so the container itself is never rewritten (spec §8.2). Its absence is not an error.</source>
        <translation>独立的 Ed25519 签名 &lt;文件&gt;.sig 证明文件由谁发布：它对整个文件的 SHA-256 进行签名，因此容器本身从不被改写（规范 §8.2）。没有签名并不算错误。</translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>重新检查</translation>
    </message>
    <message>
        <source>Verify the whole file…</source>
        <translation>校验整个文件…</translation>
    </message>
    <message>
        <source>Sign…</source>
        <translation>签名…</translation>
    </message>
    <message>
        <source>Trust this signer…</source>
        <translation>信任此签名者…</translation>
    </message>
    <message>
        <source>Checking %1.sig against the file…</source>
        <translation>正在用 %1.sig 核对文件…</translation>
    </message>
    <message>
        <source>Check signature of %1</source>
        <translation>检查 %1 的签名</translation>
    </message>
    <message>
        <source>no signature</source>
        <translation>无签名</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>INVALID</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>Could not check the signature: %1</source>
        <translation>无法检查签名：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not signed.&lt;/b&gt; There is no %1 beside the file.</source>
        <translation>&lt;b&gt;未签名。&lt;/b&gt;文件旁没有 %1。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Signature valid.&lt;/b&gt; The file is exactly what the holder of this key signed.</source>
        <translation>&lt;b&gt;签名有效。&lt;/b&gt;此文件与该密钥持有者所签的内容完全一致。</translation>
    </message>
    <message>
        <source>Signer: &lt;b&gt;%1&lt;/b&gt; (in your trusted keys).</source>
        <translation>签名者：&lt;b&gt;%1&lt;/b&gt;（在您的受信任密钥中）。</translation>
    </message>
    <message>
        <source>The signer is &lt;b&gt;not&lt;/b&gt; in your trusted keys: anyone can make a valid signature with their own key. Check the key below with its owner before trusting it.</source>
        <translation>签名者&lt;b&gt;不在&lt;/b&gt;您的受信任密钥中：任何人都能用自己的密钥做出有效签名。信任之前，请与密钥所有者核对下方的密钥。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Signature INVALID:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;签名无效：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <source>Public key</source>
        <translation>公钥</translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
</context>
<context>
    <name>cmfw::SkillsView</name>
    <message>
        <source>Skills</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>This file has no skills registry. A skill is a set of full-shape replacement tensors named skill.{id}.{tensor} over the shared backbone; at run time the engine reads the replacement instead of the backbone tensor (spec §9).</source>
        <translation>此文件没有技能注册表。技能是覆盖在共享主干之上、名为 skill.{id}.{张量} 的一组完整形状替换张量；运行时推理引擎读取替换张量而非主干张量（规范 §9）。</translation>
    </message>
    <message numerus="yes">
        <source>%n skill(s) over one backbone.</source>
        <translation>
            <numerusform>共享一个主干的 %n 个技能。</numerusform>
        </translation>
    </message>
    <message>
        <source>SKILL_FILE is set: this is a standalone skill, not runnable alone; apply it to the base whose directory hash it names (§9.1).</source>
        <translation>已设置 SKILL_FILE：这是独立技能，不能单独运行；请将其应用到目录哈希与之对应的基础模型上（§9.1）。</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>质量</translation>
    </message>
    <message>
        <source>Base directory hash</source>
        <translation>基础目录哈希</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>Replaces</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>DType</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
</context>
<context>
    <name>cmfw::TasksView</name>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>held-out ppl ×%1 (dense %2)</source>
        <translation>留出 ppl ×%1（稠密 %2）</translation>
    </message>
    <message>
        <source>ppl %1 → %2</source>
        <translation>ppl %1 → %2</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>FFN sparsity</source>
        <translation>FFN 稀疏度</translation>
    </message>
    <message>
        <source>Quality (§5.1)</source>
        <translation>质量（§5.1）</translation>
    </message>
    <message>
        <source>Expert area</source>
        <translation>专家区</translation>
    </message>
    <message>
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Quality (held-out)</source>
        <translation>质量（留出数据）</translation>
    </message>
    <message>
        <source>Routing</source>
        <translation>路由</translation>
    </message>
    <message>
        <source>&lt;b&gt;Task masks&lt;/b&gt;</source>
        <translation>&lt;b&gt;任务掩码&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Skills&lt;/b&gt;</source>
        <translation>&lt;b&gt;技能&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Operations (each writes a new file, in the background)</source>
        <translation>操作（每项都在后台写入一个新文件）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>subspace (phi layer %1)</source>
        <translation>子空间（phi 层 %1）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Memory to chat with the backbone at a %1-token context: %2 of weights + %3 of KV cache = %4 (cmf info --json &quot;memory&quot;)</source>
        <translation>以 %1 token 上下文与主干对话所需内存：权重 %2 + KV 缓存 %3 = %4（cmf info --json &quot;memory&quot;）</translation>
    </message>
    <message>
        <source>No memory estimate: %1</source>
        <translation>无法估算内存：%1</translation>
    </message>
    <message>
        <source>Started: %1</source>
        <translation>已启动：%1</translation>
    </message>
    <message>
        <source>Memory to chat with the backbone at a %1-token context: %2 of weights + %3 of KV cache + %4 of recurrent state with its checkpoints = %5 (cmf info --json &quot;memory&quot;)</source>
        <translation>以 %1 个词元的上下文与主干模型聊天所需内存：%2 权重 + %3 KV 缓存 + %4 循环状态（含检查点）= %5（cmf info --json &quot;memory&quot;）</translation>
    </message>
</context>
<context>
    <name>cmfw::TensorDetailView</name>
    <message>
        <source>This dtype stores values directly; it has no scales.</source>
        <translation>该数据类型直接存储数值，没有缩放系数。</translation>
    </message>
    <message>
        <source>q8_row: int8 codes and one f16 scale per row; w = q · scale[row].</source>
        <translation>q8_row：int8 码值，每行一个 f16 缩放系数；w = q · scale[行]。</translation>
    </message>
    <message>
        <source>q8_2f: int8 codes, an f16 scale per row and an f16 field per column; w = q · scale[row] · col[column].</source>
        <translation>q8_2f：int8 码值，每行一个 f16 缩放系数，每列一个 f16 场值；w = q · scale[行] · col[列]。</translation>
    </message>
    <message>
        <source>q4_block: 4-bit codes in groups of 32 over the flattened tensor, one f16 scale per group; w = (q − 8) · scale.</source>
        <translation>q4_block：在展平张量上按 32 个一组的 4 位码值，每组一个 f16 缩放系数；w = (q − 8) · scale。</translation>
    </message>
    <message>
        <source>q4_tiled: 18-byte tiles of one f16 scale and 32 nibbles.</source>
        <translation>q4_tiled：由一个 f16 缩放系数和 32 个半字节组成的 18 字节块。</translation>
    </message>
    <message>
        <source>q4tp: q4 tiles whose scales are 5-bit rungs of a per-row ladder 2^(lo + code · step).</source>
        <translation>q4tp：q4 块，其缩放系数是每行阶梯 2^(lo + code · step) 上的 5 位档位。</translation>
    </message>
    <message>
        <source>vbit: each row has its own bit width (3–8) and one f16 scale per 32 weights; w = (u − L) · scale.</source>
        <translation>vbit：每行有自己的位宽（3–8），每 32 个权重一个 f16 缩放系数；w = (u − L) · scale。</translation>
    </message>
    <message>
        <source>q1: one sign bit per weight and one f16 scale per 32; w = ±scale.</source>
        <translation>q1：每个权重一个符号位，每 32 个一个 f16 缩放系数；w = ±scale。</translation>
    </message>
    <message>
        <source>q1s: a q1 base plus a list of outliers kept at f16 precision.</source>
        <translation>q1s：q1 基础加上以 f16 精度保存的离群值列表。</translation>
    </message>
    <message>
        <source>q1t: ternary {−s, 0, +s} tiles plus per-row outliers at f16 precision.</source>
        <translation>q1t：三值 {−s, 0, +s} 块加上按行存放、f16 精度的离群值。</translation>
    </message>
    <message>
        <source>Reserved dtype without a defined layout.</source>
        <translation>保留的数据类型，没有定义布局。</translation>
    </message>
    <message>
        <source>Export .npy…</source>
        <translation>导出 .npy…</translation>
    </message>
    <message>
        <source>Write the dequantized values as a float32 NumPy array</source>
        <translation>将反量化后的值写为 float32 NumPy 数组</translation>
    </message>
    <message>
        <source>DType</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Bits per weight</source>
        <translation>每权重位数</translation>
    </message>
    <message>
        <source>Hash64</source>
        <translation>Hash64</translation>
    </message>
    <message>
        <source>File offset</source>
        <translation>文件偏移</translation>
    </message>
    <message>
        <source>In weight blob</source>
        <translation>权重块内偏移</translation>
    </message>
    <message>
        <source>Layer / family</source>
        <translation>层 / 类别</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>Std</source>
        <translation>标准差</translation>
    </message>
    <message>
        <source>Zeros</source>
        <translation>零值</translation>
    </message>
    <message>
        <source>Sum</source>
        <translation>总和</translation>
    </message>
    <message>
        <source>Abs sum</source>
        <translation>绝对值和</translation>
    </message>
    <message>
        <source>Max |x|</source>
        <translation>最大 |x|</translation>
    </message>
    <message>
        <source>Not finite</source>
        <translation>非有限值</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Histogram of dequantized values</source>
        <translation>反量化值直方图</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>对数刻度</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <source>First row:</source>
        <translation>起始行：</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <source>in shard %1</source>
        <translation>位于分片 %1</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation>MTP 头</translation>
    </message>
    <message>
        <source>not in a layer</source>
        <translation>不属于任何层</translation>
    </message>
    <message>
        <source>This dtype is reserved and has no decoder, so its values cannot be shown.</source>
        <translation>该数据类型为保留类型，没有解码器，因此无法显示其数值。</translation>
    </message>
    <message>
        <source>Computing statistics…</source>
        <translation>正在计算统计…</translation>
    </message>
    <message>
        <source>Statistics of %1</source>
        <translation>%1 的统计</translation>
    </message>
    <message>
        <source>%1 values, mean %2, std %3</source>
        <translation>%1 个值，均值 %2，标准差 %3</translation>
    </message>
    <message>
        <source>Could not decode this tensor: %1</source>
        <translation>无法解码该张量：%1</translation>
    </message>
    <message>
        <source>Statistics of %1 failed: %2</source>
        <translation>%1 的统计失败：%2</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Values of %1</source>
        <translation>%1 的数值</translation>
    </message>
    <message>
        <source>rows %1–%2 of %3, columns 0–%4 of %5</source>
        <translation>第 %1–%2 行（共 %3 行），第 0–%4 列（共 %5 列）</translation>
    </message>
    <message>
        <source>mean scale</source>
        <translation>平均缩放</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>bits</source>
        <translation>位数</translation>
    </message>
    <message numerus="yes">
        <source>Column field: %n value(s) from %1 to %2.</source>
        <translation>
            <numerusform>列场：%n 个值，范围 %1 到 %2。</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not decode: %1</source>
        <translation>无法解码：%1</translation>
    </message>
    <message>
        <source>Export tensor as .npy</source>
        <translation>将张量导出为 .npy</translation>
    </message>
    <message>
        <source>NumPy arrays (*.npy)</source>
        <translation>NumPy 数组 (*.npy)</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
    <message>
        <source>%1 float32 values written</source>
        <translation>已写入 %1 个 float32 值</translation>
    </message>
    <message>
        <source>Exported %1 to %2</source>
        <translation>已将 %1 导出到 %2</translation>
    </message>
    <message>
        <source>Export of %1 failed: %2</source>
        <translation>导出 %1 失败：%2</translation>
    </message>
</context>
<context>
    <name>cmfw::TensorDiffModel</name>
    <message>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>only in A</source>
        <translation>仅在 A 中</translation>
    </message>
    <message>
        <source>only in B</source>
        <translation>仅在 B 中</translation>
    </message>
    <message>
        <source>hash64 A %1
hash64 B %2</source>
        <translation>hash64 A %1
hash64 B %2</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>Σ(a−b)² / Σa² over the dequantized values: %1</source>
        <translation>基于反量化值的 Σ(a−b)² / Σa²：%1</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>DType A</source>
        <translation>数据类型 A</translation>
    </message>
    <message>
        <source>DType B</source>
        <translation>数据类型 B</translation>
    </message>
    <message>
        <source>Shape A</source>
        <translation>形状 A</translation>
    </message>
    <message>
        <source>Shape B</source>
        <translation>形状 B</translation>
    </message>
    <message>
        <source>Bytes A</source>
        <translation>字节 A</translation>
    </message>
    <message>
        <source>Bytes B</source>
        <translation>字节 B</translation>
    </message>
    <message>
        <source>NMSE</source>
        <translation>NMSE</translation>
    </message>
    <message>
        <source>Normalised mean squared error of B against A over the dequantized values, Σ(a−b)² / Σa². 0 for identical tensors; — where it cannot be computed (shapes differ, a side is missing).</source>
        <translation>B 相对于 A 的归一化均方误差（基于反量化值），Σ(a−b)² / Σa²。相同张量为 0；无法计算时（形状不同或缺少一侧）显示 —。</translation>
    </message>
</context>
<context>
    <name>cmfw::TensorDirectoryModel</name>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation>MTP 头</translation>
    </message>
    <message>
        <source>not in a layer</source>
        <translation>不属于任何层</translation>
    </message>
    <message>
        <source>directory record %1</source>
        <translation>目录记录 %1</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>file offset %1, %2 into the weight blob</source>
        <translation>文件偏移 %1，权重块内偏移 %2</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>Outside the layers</source>
        <translation>不属于任何层</translation>
    </message>
    <message numerus="yes">
        <source>(%n tensor(s))</source>
        <translation>
            <numerusform>（%n 个张量）</numerusform>
        </translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>DType</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Bits/w</source>
        <translation>位/权重</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>Hash64</source>
        <translation>Hash64</translation>
    </message>
    <message>
        <source>Shard</source>
        <translation>分片</translation>
    </message>
    <message>
        <source>Tensor name, as in the source model</source>
        <translation>张量名称，与源模型一致</translation>
    </message>
    <message>
        <source>Encoding of the weights (spec §3.1)</source>
        <translation>权重的编码方式（规范 §3.1）</translation>
    </message>
    <message>
        <source>Logical shape of the tensor</source>
        <translation>张量的逻辑形状</translation>
    </message>
    <message>
        <source>Number of weights</source>
        <translation>权重数量</translation>
    </message>
    <message>
        <source>Bytes the tensor occupies in the file</source>
        <translation>张量在文件中所占字节数</translation>
    </message>
    <message>
        <source>Bytes × 8 / elements, scales and tables included</source>
        <translation>字节数 × 8 / 元素数，含缩放系数和表</translation>
    </message>
    <message>
        <source>Position of the first byte in the file</source>
        <translation>首字节在文件中的位置</translation>
    </message>
    <message>
        <source>hash64 of the tensor bytes recorded in the directory (spec §8)</source>
        <translation>目录中记录的张量字节 hash64（规范 §8）</translation>
    </message>
    <message>
        <source>Shard file that holds the tensor (spec §10)</source>
        <translation>存放该张量的分片文件（规范 §10）</translation>
    </message>
    <message>
        <source>Invalid regular expression at position %1: %2</source>
        <translation>正则表达式在位置 %1 处无效：%2</translation>
    </message>
</context>
<context>
    <name>cmfw::TensorSummaryPanel</name>
    <message>
        <source>Bytes per dtype</source>
        <translation>按数据类型统计字节</translation>
    </message>
    <message>
        <source>Bytes per tensor family</source>
        <translation>按张量类别统计字节</translation>
    </message>
    <message>
        <source>embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>FFN</source>
        <translation>FFN</translation>
    </message>
    <message>
        <source>experts</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>norms</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>skills</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
</context>
<context>
    <name>cmfw::TensorsView</name>
    <message>
        <source>Tensors</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Filter by name (e.g. layers.3. or mlp)…</source>
        <translation>按名称筛选（例如 layers.3. 或 mlp）…</translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <source>Group by layer</source>
        <translation>按层分组</translation>
    </message>
    <message>
        <source>Bits/w</source>
        <translation>位/权重</translation>
    </message>
    <message>
        <source>Shard</source>
        <translation>分片</translation>
    </message>
    <message>
        <source>%1 of %2 tensors · %3</source>
        <translation>%1 / %2 个张量 · %3</translation>
    </message>
</context>
<context>
    <name>cmfw::TokenizerView</name>
    <message>
        <source>Tokenizer and chat template</source>
        <translation>分词器与对话模板</translation>
    </message>
    <message>
        <source>tokenizer.json: %1 at offset %2.</source>
        <translation>tokenizer.json：%1，位于偏移 %2。</translation>
    </message>
    <message>
        <source>Recorded hash64: %1 (checked by Verify).</source>
        <translation>记录的 hash64：%1（校验时核对）。</translation>
    </message>
    <message>
        <source>This file has no tokenizer section (vocab_off = 0): a tokenizer must come from elsewhere.</source>
        <translation>此文件没有分词器段（vocab_off = 0）：需要从别处获取分词器。</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Merges</source>
        <translation>合并规则</translation>
    </message>
    <message>
        <source>Normalizer</source>
        <translation>规范化器</translation>
    </message>
    <message>
        <source>Pre-tokenizer</source>
        <translation>预分词器</translation>
    </message>
    <message>
        <source>Decoder</source>
        <translation>解码器</translation>
    </message>
    <message>
        <source>Post-processor</source>
        <translation>后处理器</translation>
    </message>
    <message>
        <source>End of sequence</source>
        <translation>序列结束</translation>
    </message>
    <message>
        <source>Beginning</source>
        <translation>序列开始</translation>
    </message>
    <message>
        <source>Padding</source>
        <translation>填充</translation>
    </message>
    <message>
        <source>Added and special tokens</source>
        <translation>新增与特殊 token</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Special</source>
        <translation>特殊</translation>
    </message>
    <message numerus="yes">
        <source>Chat template (%n character(s))</source>
        <translation>
            <numerusform>对话模板（%n 个字符）</numerusform>
        </translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation>对话模板</translation>
    </message>
    <message>
        <source>No chat template in the header: runtimes fall back to ChatML (§6.1).</source>
        <translation>头部中没有对话模板：运行时将退回使用 ChatML（§6.1）。</translation>
    </message>
    <message>
        <source>none: the header has no tokenizer_config block; runtimes use ChatML (§6.1)</source>
        <translation>无：头部没有 tokenizer_config 块；运行时使用 ChatML（§6.1）</translation>
    </message>
    <message>
        <source>Reading tokenizer.json…</source>
        <translation>正在读取 tokenizer.json…</translation>
    </message>
    <message>
        <source>Read tokenizer of %1</source>
        <translation>读取 %1 的分词器</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 token</translation>
    </message>
    <message>
        <source>Could not read the tokenizer: %1</source>
        <translation>无法读取分词器：%1</translation>
    </message>
    <message>
        <source>tokenizer.json does not parse: %1</source>
        <translation>tokenizer.json 无法解析：%1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>byte fallback</source>
        <translation>字节回退</translation>
    </message>
    <message>
        <source>%1 tokens, %2 added</source>
        <translation>%1 个 token，新增 %2 个</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>cmfw::TranscriptView</name>
    <message numerus="yes">
        <source>%n earlier message(s) not shown.</source>
        <translation>
            <numerusform>未显示更早的 %n 条消息。</numerusform>
        </translation>
    </message>
    <message>
        <source>Show earlier messages</source>
        <translation>显示更早的消息</translation>
    </message>
</context>
<context>
    <name>cmfw::TrustDialog</name>
    <message>
        <source>Trust signer</source>
        <translation>信任签名者</translation>
    </message>
    <message>
        <source>Public key:
%1

Compare it with the key its owner gave you. Name to remember it by:</source>
        <translation>公钥：
%1

请与所有者提供给您的密钥核对。为它起个便于记忆的名称：</translation>
    </message>
</context>
<context>
    <name>cmfw::VerifySignPanel</name>
    <message>
        <source>Drop a CMF file here to verify it</source>
        <translation>将 CMF 文件拖放到此处进行校验</translation>
    </message>
    <message>
        <source>No file chosen</source>
        <translation>未选择文件</translation>
    </message>
    <message>
        <source>Choose file…</source>
        <translation>选择文件…</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>校验</translation>
    </message>
    <message>
        <source>Check every hash of the file and its .sig</source>
        <translation>检查文件的所有哈希及其 .sig</translation>
    </message>
    <message>
        <source>Sign</source>
        <translation>签名</translation>
    </message>
    <message>
        <source>Write &lt;file&gt;.sig with your signing key</source>
        <translation>用您的签名密钥写入 &lt;文件&gt;.sig</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Trust this signer…</source>
        <translation>信任此签名者…</translation>
    </message>
    <message>
        <source>What Verify finds is listed here, each problem with what it means.</source>
        <translation>校验发现的每个问题都会连同其含义列在这里。</translation>
    </message>
    <message>
        <source>Signing key</source>
        <translation>签名密钥</translation>
    </message>
    <message>
        <source>Choose key…</source>
        <translation>选择密钥…</translation>
    </message>
    <message>
        <source>Generate key…</source>
        <translation>生成密钥…</translation>
    </message>
    <message>
        <source>No key chosen. Sign needs a private key file; generate one if you have none.</source>
        <translation>未选择密钥。签名需要私钥文件；如果没有，请生成一个。</translation>
    </message>
    <message>
        <source>Drop a file or choose one, then Verify or Sign.</source>
        <translation>拖放或选择一个文件，然后进行校验或签名。</translation>
    </message>
    <message>
        <source>Verify checks every hash of %1 and its signature.</source>
        <translation>校验将检查 %1 的所有哈希及其签名。</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>约剩 %1</translation>
    </message>
    <message>
        <source>Verify %1</source>
        <translation>校验 %1</translation>
    </message>
    <message>
        <source>not a valid CMF file</source>
        <translation>不是有效的 CMF 文件</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>有效</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n 个问题</numerusform>
        </translation>
    </message>
    <message>
        <source>Verifying %1…</source>
        <translation>正在校验 %1…</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Could not verify: %1 (%2)</source>
        <translation>无法校验：%1（%2）</translation>
    </message>
    <message>
        <source>Verify %1 failed: %2</source>
        <translation>校验 %1 失败：%2</translation>
    </message>
    <message>
        <source>Verification cancelled; nothing was changed.</source>
        <translation>校验已取消；没有任何改动。</translation>
    </message>
    <message>
        <source>Verify %1 cancelled</source>
        <translation>已取消校验 %1</translation>
    </message>
    <message>
        <source>NOT A VALID CMF FILE</source>
        <translation>不是有效的 CMF 文件</translation>
    </message>
    <message>
        <source>%1 is not a valid CMF file: %2</source>
        <translation>%1 不是有效的 CMF 文件：%2</translation>
    </message>
    <message>
        <source>VALID</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>INVALID</source>
        <translation>无效</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s), %1 hashed in %2.</source>
        <translation>
            <numerusform>%n 个张量，%2 内完成 %1 的哈希计算。</numerusform>
        </translation>
    </message>
    <message>
        <source>Every hash matches.</source>
        <translation>所有哈希均一致。</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) found.</source>
        <translation>
            <numerusform>发现 %n 个问题。</numerusform>
        </translation>
    </message>
    <message>
        <source>No problems.</source>
        <translation>没有问题。</translation>
    </message>
    <message>
        <source>Every tensor hash, the header and directory hashes and the section hashes match what the file recorded when it was written; every tensor payload has the structure its dtype requires.</source>
        <translation>每个张量的哈希、头部与目录的哈希以及各数据段的哈希都与文件写入时的记录一致；每个张量的数据都符合其数据类型要求的结构。</translation>
    </message>
    <message>
        <source>%1 verified: every hash matches</source>
        <translation>%1 校验通过：所有哈希均一致</translation>
    </message>
    <message numerus="yes">
        <source>%1 failed verification: %n problem(s)</source>
        <translation>
            <numerusform>%1 校验未通过：%n 个问题</numerusform>
        </translation>
    </message>
    <message>
        <source>Not signed (no .sig beside the file).</source>
        <translation>未签名（文件旁没有 .sig）。</translation>
    </message>
    <message>
        <source>Signature INVALID.</source>
        <translation>签名无效。</translation>
    </message>
    <message>
        <source>Claimed signer: %1</source>
        <translation>声称的签名者：%1</translation>
    </message>
    <message>
        <source>Signature valid.</source>
        <translation>签名有效。</translation>
    </message>
    <message>
        <source>Signer: %1</source>
        <translation>签名者：%1</translation>
    </message>
    <message>
        <source>Trusted key: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>受信任密钥：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>This signer is not in your trusted keys.</source>
        <translation>此签名者不在您的受信任密钥中。</translation>
    </message>
    <message>
        <source>Sign %1</source>
        <translation>签名 %1</translation>
    </message>
    <message>
        <source>wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>SIGNED</source>
        <translation>已签名</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>已写入 %1。</translation>
    </message>
    <message>
        <source>Signed %1: wrote %2</source>
        <translation>已签名 %1：写入 %2</translation>
    </message>
    <message>
        <source>NOT SIGNED</source>
        <translation>未签名</translation>
    </message>
    <message>
        <source>Signing failed: %1</source>
        <translation>签名失败：%1</translation>
    </message>
    <message>
        <source>Signing %1 failed: %2</source>
        <translation>签名 %1 失败：%2</translation>
    </message>
    <message>
        <source>Signing cancelled; no .sig was written.</source>
        <translation>签名已取消；未写入 .sig。</translation>
    </message>
    <message>
        <source>Generate key %1</source>
        <translation>生成密钥 %1</translation>
    </message>
    <message>
        <source>public key %1</source>
        <translation>公钥 %1</translation>
    </message>
    <message>
        <source>My key (%1)</source>
        <translation>我的密钥（%1）</translation>
    </message>
    <message>
        <source>⚠ Keep %1 private. Anyone who has this file can sign models in your name. It was saved readable only by you (mode 0600); back it up somewhere safe and never share it. Share the public key instead:
%2</source>
        <translation>⚠ 请妥善保管 %1，切勿泄露。任何拥有此文件的人都能以您的名义为模型签名。它已保存为仅您可读（权限 0600）；请在安全的地方备份，绝不要分享。需要分享时请提供公钥：
%2</translation>
    </message>
    <message>
        <source>Generated signing key %1 — keep it private; public key %2</source>
        <translation>已生成签名密钥 %1 —— 请妥善保密；公钥 %2</translation>
    </message>
    <message>
        <source>Could not create the key: %1</source>
        <translation>无法创建密钥：%1</translation>
    </message>
    <message>
        <source>Key generation failed: %1</source>
        <translation>生成密钥失败：%1</translation>
    </message>
    <message>
        <source>Choose a file to verify or sign</source>
        <translation>选择要校验或签名的文件</translation>
    </message>
    <message>
        <source>CMF files (*.cmf);;All files (*)</source>
        <translation>CMF 文件 (*.cmf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Choose your private signing key</source>
        <translation>选择您的签名私钥</translation>
    </message>
    <message>
        <source>Key files (*.key);;All files (*)</source>
        <translation>密钥文件 (*.key);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save a new PRIVATE signing key</source>
        <translation>保存新的签名私钥</translation>
    </message>
    <message>
        <source>Key files (*.key)</source>
        <translation>密钥文件 (*.key)</translation>
    </message>
    <message>
        <source>%1 already exists; keys are never overwritten. Choose another name.</source>
        <translation>%1 已存在；密钥永远不会被覆盖。请换一个名称。</translation>
    </message>
    <message>
        <source>%1 stopped: the Verify / Sign panel now acts on %2</source>
        <translation>%1 已停止：校验 / 签名面板现在作用于 %2</translation>
    </message>
    <message>
        <source>Verify / Sign</source>
        <translation>校验 / 签名</translation>
    </message>
    <message>
        <source>Verify / Sign — %1</source>
        <translation>校验 / 签名 — %1</translation>
    </message>
    <message>
        <source>Not signed: %1 is not a valid CMF file (%2).</source>
        <translation>未签名：%1 不是有效的 CMF 文件（%2）。</translation>
    </message>
    <message>
        <source>Refused to sign %1: it is not a valid CMF file: %2</source>
        <translation>拒绝签名 %1：它不是有效的 CMF 文件：%2</translation>
    </message>
    <message numerus="yes">
        <source>Refused to sign %1: it fails verification, %n problem(s)</source>
        <translation>
            <numerusform>拒绝签名 %1：未通过校验，%n 个问题</numerusform>
        </translation>
    </message>
    <message>
        <source>refused: fails verification</source>
        <translation>已拒绝：未通过校验</translation>
    </message>
    <message>
        <source>refused: not a valid CMF file</source>
        <translation>已拒绝：不是有效的 CMF 文件</translation>
    </message>
    <message>
        <source>Verifying and signing %1…</source>
        <translation>正在校验并签名 %1…</translation>
    </message>
    <message>
        <source>%1 stopped: the Verify / Sign panel no longer has a file</source>
        <translation>%1 已停止：校验 / 签名面板已不再有文件</translation>
    </message>
    <message numerus="yes">
        <source>Not signed: %1 fails verification (%n problem(s)); no .sig was written.</source>
        <translation>
            <numerusform>未签名：%1 未通过校验（%n 个问题）；未写入 .sig。</numerusform>
        </translation>
    </message>
    <message>
        <source>A signature vouches for the file&apos;s bytes; these no longer match what the file recorded when it was written, so it is not signed.</source>
        <translation>签名为文件的字节作担保；这些字节已与文件写入时记录的不符，因此不予签名。</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>注意：</translation>
    </message>
</context>
<context>
    <name>cmfw::VocabTableModel</name>
    <message>
        <source>normal</source>
        <translation>普通</translation>
    </message>
    <message>
        <source>special</source>
        <translation>特殊</translation>
    </message>
    <message>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>byte</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Decodes to</source>
        <translation>解码为</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Merge rank</source>
        <translation>合并等级</translation>
    </message>
</context>
</TS>
