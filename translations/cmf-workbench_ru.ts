<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>BitsText</name>
    <message>
        <source>f32: 32 bits per weight, no scales.</source>
        <translation>f32: 32 бита на вес, без масштабов.</translation>
    </message>
    <message>
        <source>f16: 16 bits per weight, no scales.</source>
        <translation>f16: 16 бит на вес, без масштабов.</translation>
    </message>
    <message>
        <source>bf16: 16 bits per weight, no scales.</source>
        <translation>bf16: 16 бит на вес, без масштабов.</translation>
    </message>
    <message>
        <source>u8: 8 bits per value, no scales.</source>
        <translation>u8: 8 бит на значение, без масштабов.</translation>
    </message>
    <message>
        <source>q8_row: 8-bit codes + one f16 scale per row = 8 + 16 / in.</source>
        <translation>q8_row: 8-битные коды + один масштаб f16 на строку = 8 + 16 / in.</translation>
    </message>
    <message>
        <source>q8_2f: 8-bit codes + an f16 scale per row + an f16 field per column = 8 + 16 / in + 16 / out.</source>
        <translation>q8_2f: 8-битные коды + масштаб f16 на строку + поле f16 на столбец = 8 + 16 / in + 16 / out.</translation>
    </message>
    <message>
        <source>q4_block: 4-bit codes + one f16 scale per 32 weights of the flattened tensor = 4.5 (the last group is zero-padded).</source>
        <translation>q4_block: 4-битные коды + один масштаб f16 на каждые 32 веса развёрнутого тензора = 4.5 (последняя группа дополняется нулями).</translation>
    </message>
    <message>
        <source>q4_tiled: 18-byte tiles of 32 4-bit codes and an f16 scale = 4.5.</source>
        <translation>q4_tiled: 18-байтовые плитки из 32 4-битных кодов и масштаба f16 = 4.5.</translation>
    </message>
    <message>
        <source>q4tp: 4-bit codes + a 5-bit rung per 32 weights + f16 lo and step per row = 4 + 5 / 32 + 32 / in.</source>
        <translation>q4tp: 4-битные коды + 5-битная ступень на 32 веса + lo и step в f16 на строку = 4 + 5 / 32 + 32 / in.</translation>
    </message>
    <message>
        <source>vbit: each row&apos;s own width (3–8 bits, the codes) + an f16 scale per 32 weights (0.5) + a u8 width per row; every row is padded to a byte.</source>
        <translation>vbit: собственная разрядность каждой строки (3–8 бит, коды) + масштаб f16 на 32 веса (0.5) + разрядность u8 на строку; каждая строка дополняется до целого байта.</translation>
    </message>
    <message>
        <source>vbit_ro: each row&apos;s own width (3–8 bits, the codes) + an f16 scale per 32 weights (0.5) + a u8 width and a u32 row offset per row; every row is padded to a byte.</source>
        <translation>vbit_ro: собственная разрядность каждой строки (3–8 бит, коды) + масштаб f16 на 32 веса (0.5) + разрядность u8 и смещение строки u32 на строку; каждая строка дополняется до целого байта.</translation>
    </message>
    <message>
        <source>q1: 1 sign bit + one f16 scale per 32 weights = 1.5.</source>
        <translation>q1: 1 бит знака + один масштаб f16 на 32 веса = 1.5.</translation>
    </message>
    <message>
        <source>q1s: the q1 base (1.5) + 48 bits for each outlier kept at f16.</source>
        <translation>q1s: основа q1 (1.5) + 48 бит на каждый выброс, хранимый в f16.</translation>
    </message>
    <message>
        <source>q1t: base-3 codes, 5 per byte (7 bytes per 32 weights = 1.75) + one f16 scale per 32 + a per-row table and 32 bits per outlier.</source>
        <translation>q1t: троичные коды, 5 на байт (7 байт на 32 веса = 1.75) + один масштаб f16 на 32 веса + таблица строк и 32 бита на выброс.</translation>
    </message>
    <message>
        <source>Reserved dtype without a layout: bytes × 8 / weights.</source>
        <translation>Зарезервированный тип без раскладки: байты × 8 / веса.</translation>
    </message>
</context>
<context>
    <name>Explain</name>
    <message>
        <source>Tensor bytes changed</source>
        <translation>Байты тензора изменены</translation>
    </message>
    <message>
        <source>Header changed</source>
        <translation>Заголовок изменён</translation>
    </message>
    <message>
        <source>Tensor directory changed</source>
        <translation>Каталог тензоров изменён</translation>
    </message>
    <message>
        <source>Section changed</source>
        <translation>Секция изменена</translation>
    </message>
    <message>
        <source>Mask has bits past its end</source>
        <translation>В маске установлены биты за её концом</translation>
    </message>
    <message>
        <source>Tensor payload is malformed</source>
        <translation>Данные тензора повреждены</translation>
    </message>
    <message>
        <source>Feature bit missing</source>
        <translation>Не установлен бит возможности</translation>
    </message>
    <message>
        <source>Signature does not check</source>
        <translation>Подпись не сходится</translation>
    </message>
    <message>
        <source>The weights of this tensor no longer hash to the value the directory recorded when the file was written: at least one byte was changed or damaged on disk or in transfer. The model would compute with corrupted weights.</source>
        <translation>Хеш весов этого тензора больше не совпадает со значением, которое каталог записал при создании файла: как минимум один байт изменён или повреждён на диске или при передаче. Модель считала бы с испорченными весами.</translation>
    </message>
    <message>
        <source>The JSON header (architecture, chat template, provenance) differs from the one the file was written with; the hash stored in the envelope does not match it.</source>
        <translation>JSON-заголовок (архитектура, шаблон чата, происхождение) отличается от записанного при создании файла: хеш, сохранённый в конверте, ему не соответствует.</translation>
    </message>
    <message>
        <source>The tensor directory (names, shapes, offsets, hashes) differs from the one the file was written with; the hash stored in the envelope does not match it.</source>
        <translation>Каталог тензоров (имена, формы, смещения, хеши) отличается от записанного при создании файла: хеш, сохранённый в конверте, ему не соответствует.</translation>
    </message>
    <message>
        <source>A section (masks, tokenizer or sparse index) differs from the one recorded in the header&apos;s section_hashes, or the header records a section the file does not have.</source>
        <translation>Секция (маски, токенизатор или разреженный индекс) отличается от записанной в section_hashes заголовка, либо заголовок упоминает секцию, которой в файле нет.</translation>
    </message>
    <message>
        <source>A task mask sets bits beyond the number of neurons, heads or layers it covers. The spec requires them to be zero, otherwise active counts include phantom units.</source>
        <translation>Маска задачи устанавливает биты за пределами числа нейронов, голов или слоёв, которые она описывает. Спецификация требует, чтобы они были нулевыми, иначе в подсчёт активных попадают несуществующие элементы.</translation>
    </message>
    <message>
        <source>The bytes of this tensor do not have the structure its dtype defines (bit widths, row table, outlier list); decoding it would fail or read garbage.</source>
        <translation>Байты этого тензора не имеют структуры, заданной его типом (разрядности, таблица строк, список выбросов): декодирование завершится ошибкой или прочитает мусор.</translation>
    </message>
    <message>
        <source>The file uses a feature without raising its bit in required_features, so an older reader would misread it instead of refusing it.</source>
        <translation>Файл использует возможность, не установив её бит в required_features, поэтому старый читатель прочитает его неверно, вместо того чтобы отказаться.</translation>
    </message>
    <message>
        <source>The detached .sig beside the file does not match the file&apos;s contents or is malformed: the file was changed after it was signed, or the signature belongs to another file.</source>
        <translation>Отдельная подпись .sig рядом с файлом не соответствует его содержимому или повреждена: файл изменили после подписания, либо подпись относится к другому файлу.</translation>
    </message>
    <message>
        <source>Not a CMF file</source>
        <translation>Это не файл CMF</translation>
    </message>
    <message>
        <source>Unsupported CMF version</source>
        <translation>Неподдерживаемая версия CMF</translation>
    </message>
    <message>
        <source>Requires a feature this reader does not implement</source>
        <translation>Требуется возможность, которую эта программа не поддерживает</translation>
    </message>
    <message>
        <source>Truncated or out-of-bounds data</source>
        <translation>Данные обрезаны или выходят за границы</translation>
    </message>
    <message>
        <source>Malformed structure</source>
        <translation>Нарушена структура</translation>
    </message>
    <message>
        <source>Hash mismatch</source>
        <translation>Хеши не совпадают</translation>
    </message>
    <message>
        <source>The file cannot be read</source>
        <translation>Файл невозможно прочитать</translation>
    </message>
    <message>
        <source>Signature or key problem</source>
        <translation>Ошибка подписи или ключа</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Отменено</translation>
    </message>
    <message>
        <source>A CMF v2 file starts with the four bytes &quot;CMF&quot; 0x01. This file starts with something else, so it is a different kind of file, or its beginning was overwritten.</source>
        <translation>Файл CMF v2 начинается с четырёх байтов «CMF» 0x01. Этот файл начинается с чего-то другого: это файл другого формата, либо его начало было перезаписано.</translation>
    </message>
    <message>
        <source>The envelope names a format version other than 2. Version 1 is retired and later versions are not known to this workbench; reading it anyway could silently misinterpret the data.</source>
        <translation>В конверте указана версия формата, отличная от 2. Версия 1 выведена из употребления, а более новые версии этой программе неизвестны; прочитав файл всё равно, можно незаметно неверно истолковать данные.</translation>
    </message>
    <message>
        <source>The file sets a bit in required_features that this reader does not implement. The format demands refusing such a file instead of reading it as best it can.</source>
        <translation>В файле установлен бит required_features, который эта программа не поддерживает. Формат требует отказаться от такого файла, а не читать его как получится.</translation>
    </message>
    <message>
        <source>An offset or length points outside the file or outside its section: the file is shorter than its own tables say (an interrupted download or copy), or the tables are damaged.</source>
        <translation>Смещение или длина указывают за пределы файла или своей секции: файл короче, чем утверждают его собственные таблицы (прерванная загрузка или копирование), либо таблицы повреждены.</translation>
    </message>
    <message>
        <source>A structure inside the file is malformed: the JSON header does not parse, or a tensor record has an invalid name, an unknown dtype, too many dimensions or a duplicate name.</source>
        <translation>Внутренняя структура файла нарушена: JSON-заголовок не разбирается, либо у записи тензора недопустимое имя, неизвестный тип, слишком много измерений или повторяющееся имя.</translation>
    </message>
    <message>
        <source>Stored and computed hashes differ: the data was changed after it was written.</source>
        <translation>Сохранённый и вычисленный хеши различаются: данные изменили после записи.</translation>
    </message>
    <message>
        <source>The operating system refused to open or map the file: it may not exist, be a directory, or you may lack permission to read it.</source>
        <translation>Операционная система не смогла открыть или отобразить файл: возможно, он не существует, является каталогом или у вас нет прав на чтение.</translation>
    </message>
    <message>
        <source>A key file or public key is malformed.</source>
        <translation>Файл ключа или открытый ключ повреждён.</translation>
    </message>
    <message>
        <source>The operation was cancelled before it finished.</source>
        <translation>Операция отменена до завершения.</translation>
    </message>
    <message>
        <source>Spec §1 (envelope) and §1.2: magic must be &quot;CMF\x01&quot;.</source>
        <translation>Спецификация, §1 (конверт) и §1.2: сигнатура должна быть «CMF\x01».</translation>
    </message>
    <message>
        <source>Spec §1.2: version must be 2.</source>
        <translation>Спецификация, §1.2: версия должна быть равна 2.</translation>
    </message>
    <message>
        <source>Spec §1.1 and §1.2: an unknown required_features bit is an error.</source>
        <translation>Спецификация, §1.1 и §1.2: неизвестный бит required_features — ошибка.</translation>
    </message>
    <message>
        <source>Spec §1.2: every section must end inside the file, data_off must be a multiple of 4096 and every tensor must end inside the weight blob.</source>
        <translation>Спецификация, §1.2: каждая секция должна заканчиваться внутри файла, data_off должно быть кратно 4096, а каждый тензор должен заканчиваться внутри блока весов.</translation>
    </message>
    <message>
        <source>Spec §1.2, §2 and §3: names are UTF-8 and unique, dtypes are known, ndim ≤ 6, the header is a JSON object.</source>
        <translation>Спецификация, §1.2, §2 и §3: имена — уникальные строки UTF-8, типы известны, ndim ≤ 6, заголовок — JSON-объект.</translation>
    </message>
    <message>
        <source>Spec §8 and §8.1: hash64 of tensors and sections.</source>
        <translation>Спецификация, §8 и §8.1: hash64 тензоров и секций.</translation>
    </message>
    <message>
        <source>binary tensor directory (always set in v2)</source>
        <translation>двоичный каталог тензоров (в v2 установлен всегда)</translation>
    </message>
    <message>
        <source>masks section present</source>
        <translation>есть секция масок</translation>
    </message>
    <message>
        <source>two-field quantization: q8_2f or vbit tensors</source>
        <translation>двухполевое квантование: тензоры q8_2f или vbit</translation>
    </message>
    <message>
        <source>reserved: XOR mask deltas (refused)</source>
        <translation>зарезервировано: XOR-дельты масок (отклоняется)</translation>
    </message>
    <message>
        <source>reserved: hot packs (refused)</source>
        <translation>зарезервировано: горячие пакеты (отклоняется)</translation>
    </message>
    <message>
        <source>mask rows are per visit of a looped transformer</source>
        <translation>строки масок — по проходам зацикленного трансформера</translation>
    </message>
    <message>
        <source>standalone skill file, not runnable alone</source>
        <translation>отдельный файл навыка, сам по себе не запускается</translation>
    </message>
    <message>
        <source>unknown to this reader</source>
        <translation>неизвестен этой программе</translation>
    </message>
    <message>
        <source>Bytes no hash covers</source>
        <translation>Байты, не защищённые хешем</translation>
    </message>
    <message>
        <source>Some bytes belong to no section and no tensor, so no hash protects them, and they are not zero. A file written in one go has only zero padding there; a file grown in place keeps its old header and directory there. They could also hide data behind a valid hash chain. `cmf compact` rewrites the file without them; `cmf verify --strict` fails on them.</source>
        <translation>Некоторые байты не принадлежат ни одной секции и ни одному тензору, поэтому их не защищает ни один хеш, и они не нулевые. В файле, записанном за один раз, там только нулевое выравнивание; в файле, выросшем на месте, там остаются его старые заголовок и каталог. Там же можно спрятать данные за корректной цепочкой хешей. `cmf compact` переписывает файл без них; `cmf verify --strict` считает их ошибкой.</translation>
    </message>
</context>
<context>
    <name>ImportJobs</name>
    <message>
        <source>%1 is not a folder</source>
        <translation>%1 — не папка</translation>
    </message>
    <message>
        <source>%1 has no config.json: not a Hugging Face model folder</source>
        <translation>в %1 нет config.json: это не папка модели Hugging Face</translation>
    </message>
    <message>
        <source>Import %1 as %2</source>
        <translation>Импорт %1 в %2</translation>
    </message>
    <message>
        <source>imported %1: %2 tensors, %3 → %4 shards (%5 …)</source>
        <translation>импортировано %1: тензоров %2, %3 → шардов %4 (%5 …)</translation>
    </message>
    <message>
        <source>imported %1: %2 tensors, %3 → %4</source>
        <translation>импортировано %1: тензоров %2, %3 → %4</translation>
    </message>
</context>
<context>
    <name>ModelJobs</name>
    <message>
        <source>task &apos;%1&apos;: sparsity %2, quality %3 → %4</source>
        <translation>задача «%1»: разреженность %2, качество %3 → %4</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>не измерено</translation>
    </message>
    <message>
        <source>specialist: %1% of FFN pruned, perplexity ratio %2 → %3</source>
        <translation>специалист: удалено %1 % FFN, отношение перплексий %2 → %3</translation>
    </message>
    <message>
        <source>skill &apos;%1&apos;: %2 tensors, perplexity %3 → %4 with it → %5</source>
        <translation>навык «%1»: тензоров: %2, перплексия %3 → %4 с навыком → %5</translation>
    </message>
    <message>
        <source>skill &apos;%1&apos;: %2 tensors carried, %3 bytes → %4</source>
        <translation>навык «%1»: перенесено тензоров: %2, байт: %3 → %4</translation>
    </message>
    <message>
        <source>applied &apos;%1&apos;%2 → %3</source>
        <translation>применён «%1»%2 → %3</translation>
    </message>
    <message>
        <source> (forced onto a different base)</source>
        <translation> (принудительно к другой основе)</translation>
    </message>
    <message>
        <source>task &apos;%1&apos; baked: %2% of FFN pruned → %3</source>
        <translation>задача «%1» запечена: удалено %2 % FFN → %3</translation>
    </message>
    <message>
        <source>expert-area task &apos;%1&apos;: %2 of experts not routable → %3</source>
        <translation>задача с областью экспертов «%1»: доля немаршрутизируемых экспертов %2 → %3</translation>
    </message>
    <message>
        <source>experts beyond cover %1 dropped → %2</source>
        <translation>эксперты за пределами покрытия %1 удалены → %2</translation>
    </message>
    <message>
        <source>route statistics over %1 tokens → %2</source>
        <translation>статистика маршрутизации (токенов: %1) → %2</translation>
    </message>
    <message>
        <source>compacted → %1</source>
        <translation>уплотнено → %1</translation>
    </message>
    <message>
        <source>requantized to %1 → %2</source>
        <translation>переквантовано в %1 → %2</translation>
    </message>
    <message>
        <source>Calibrate &apos;%1&apos; on %2</source>
        <translation>Калибровка «%1» на %2</translation>
    </message>
    <message>
        <source>Bake a specialist from %1</source>
        <translation>Запекание специалиста из %1</translation>
    </message>
    <message>
        <source>Add skill &apos;%1&apos; to %2</source>
        <translation>Добавление навыка «%1» в %2</translation>
    </message>
    <message>
        <source>Export skill &apos;%1&apos; from %2</source>
        <translation>Экспорт навыка «%1» из %2</translation>
    </message>
    <message>
        <source>Apply %1 to %2</source>
        <translation>Применение %1 к %2</translation>
    </message>
    <message>
        <source>Defrag &apos;%1&apos; of %2</source>
        <translation>Дефрагментация «%1» в %2</translation>
    </message>
    <message>
        <source>Expert mask &apos;%1&apos; for %2</source>
        <translation>Маска экспертов «%1» для %2</translation>
    </message>
    <message>
        <source>MoE defrag of %1</source>
        <translation>Дефрагментация MoE в %1</translation>
    </message>
    <message>
        <source>Route statistics of %1</source>
        <translation>Статистика маршрутизации %1</translation>
    </message>
    <message>
        <source>Compact %1</source>
        <translation>Уплотнение %1</translation>
    </message>
    <message>
        <source>Requantize %1</source>
        <translation>Переквантование %1</translation>
    </message>
    <message numerus="yes">
        <source>%n shard(s) of at most %1 GB → %2</source>
        <translation>
            <numerusform>%n шард не больше %1 ГБ → %2</numerusform>
            <numerusform>%n шарда не больше %1 ГБ → %2</numerusform>
            <numerusform>%n шардов не больше %1 ГБ → %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Requantize %1 to %2</source>
        <translation>Переквантовать %1 в %2</translation>
    </message>
    <message>
        <source>Shard %1</source>
        <translation>Разбить %1 на шарды</translation>
    </message>
    <message>
        <source>Calibrate a mask…</source>
        <translation>Откалибровать маску…</translation>
    </message>
    <message>
        <source>Bake a specialist…</source>
        <translation>Запечь специалиста…</translation>
    </message>
    <message>
        <source>Add a skill from a donor…</source>
        <translation>Добавить навык от донора…</translation>
    </message>
    <message>
        <source>Export as skill file…</source>
        <translation>Экспортировать как файл навыка…</translation>
    </message>
    <message>
        <source>Apply a skill file…</source>
        <translation>Применить файл навыка…</translation>
    </message>
    <message>
        <source>Defrag a task…</source>
        <translation>Дефрагментировать задачу…</translation>
    </message>
    <message>
        <source>Route statistics…</source>
        <translation>Статистика маршрутизации…</translation>
    </message>
    <message>
        <source>MoE expert mask…</source>
        <translation>Маска экспертов MoE…</translation>
    </message>
    <message>
        <source>MoE defrag…</source>
        <translation>Дефрагментация MoE…</translation>
    </message>
    <message>
        <source>Compact…</source>
        <translation>Уплотнить…</translation>
    </message>
    <message>
        <source>Requantize…</source>
        <translation>Переквантовать…</translation>
    </message>
    <message>
        <source>Shard…</source>
        <translation>Разбить на шарды…</translation>
    </message>
</context>
<context>
    <name>OperationAvailability</name>
    <message>
        <source>The file did not open: there is no model to talk to.</source>
        <translation>Файл не открылся: разговаривать не с чем.</translation>
    </message>
    <message>
        <source>Not a runnable model: the header has no arch.</source>
        <translation>Это не запускаемая модель: в заголовке нет arch.</translation>
    </message>
    <message>
        <source>The file has no tokenizer (no vocab section): a chat needs one to read and write text.</source>
        <translation>В файле нет токенизатора (нет секции vocab): чату он нужен, чтобы читать и писать текст.</translation>
    </message>
    <message>
        <source>A shard whose siblings are missing: the set must be complete to run.</source>
        <translation>Шард без остальных частей набора: для запуска набор должен быть полным.</translation>
    </message>
    <message>
        <source>The file did not open.</source>
        <translation>Файл не открылся.</translation>
    </message>
    <message>
        <source>The file has no tokenizer (no vocab section): this operation reads text.</source>
        <translation>В файле нет токенизатора (нет секции vocab): эта операция читает текст.</translation>
    </message>
    <message>
        <source>A dense model: expert operations need an MoE file (arch.moe.num_experts).</source>
        <translation>Плотная модель: операциям с экспертами нужен файл MoE (arch.moe.num_experts).</translation>
    </message>
    <message>
        <source>The file has no task masks to defrag: calibrate one first.</source>
        <translation>В файле нет масок задач для дефрагментации: сначала откалибруйте маску.</translation>
    </message>
    <message>
        <source>A shard: skill files are cut from and applied to a complete single file.</source>
        <translation>Шард: файлы навыков вырезаются из целого одиночного файла и применяются к нему.</translation>
    </message>
</context>
<context>
    <name>PlaygroundText</name>
    <message>
        <source>not a JSON array of ids: %1</source>
        <translation>не JSON-массив id: %1</translation>
    </message>
    <message>
        <source>not a JSON array of ids</source>
        <translation>не JSON-массив id</translation>
    </message>
    <message>
        <source>item %1 (%2) is not a token id</source>
        <translation>элемент %1 (%2) — не id токена</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a token id (expected e.g. 1, 2, 3 or [1, 2, 3])</source>
        <translation>«%1» — не id токена (ожидается, например, 1, 2, 3 или [1, 2, 3])</translation>
    </message>
    <message>
        <source>id %1 is out of range: the vocabulary has ids 0 to %2</source>
        <translation>id %1 вне диапазона: в словаре id от 0 до %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a token id</source>
        <translation>«%1» — не id токена</translation>
    </message>
    <message>
        <source>no token has id %1 (the vocabulary has ids 0 to %2)</source>
        <translation>нет токена с id %1 (в словаре id от 0 до %2)</translation>
    </message>
    <message>
        <source>the regular expression does not compile at %1: %2</source>
        <translation>регулярное выражение не компилируется в позиции %1: %2</translation>
    </message>
    <message>
        <source>the template refused this conversation (raise_exception): %1</source>
        <translation>шаблон отклонил этот диалог (raise_exception): %1</translation>
    </message>
</context>
<context>
    <name>QAbstractItemView</name>
    <message>
        <source>Export table as CSV…</source>
        <translation>Экспорт таблицы в CSV…</translation>
    </message>
    <message>
        <source>Export table as CSV</source>
        <translation>Экспорт таблицы в CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Файлы CSV (*.csv)</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>Не удалось записать %1</translation>
    </message>
</context>
<context>
    <name>QuantComparison</name>
    <message>
        <source>None of this file&apos;s %1 tensors is in this checkpoint with the same name and shape: it is not the checkpoint this file was converted from, and there is nothing to plot.</source>
        <translation>Ни один из %1 тензоров этого файла не найден в контрольной точке с тем же именем и формой: файл был сконвертирован не из неё, и показывать нечего.</translation>
    </message>
    <message>
        <source>%1 of %2 tensors compared with the checkpoint; the largest relative RMS error is %3 (%4).</source>
        <translation>С контрольной точкой сравнено %1 из %2 тензоров; наибольшая относительная RMS-ошибка %3 (%4).</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) err far above what their dtype reaches on its own source (e.g. %1: %2 for %3, expected below %4).</source>
        <translation>
            <numerusform>У %n тензора ошибка намного выше, чем его dtype даёт на своём источнике (напр. %1: %2 для %3, ожидается ниже %4).</numerusform>
            <numerusform>У %n тензоров ошибка намного выше, чем их dtype даёт на своём источнике (напр. %1: %2 для %3, ожидается ниже %4).</numerusform>
            <numerusform>У %n тензоров ошибка намного выше, чем их dtype даёт на своём источнике (напр. %1: %2 для %3, ожидается ниже %4).</numerusform>
        </translation>
    </message>
    <message>
        <source>This checkpoint does not look like this file&apos;s source: the errors below measure the difference between two models, not quantization.</source>
        <translation>Эта контрольная точка не похожа на источник этого файла: ошибки ниже измеряют разницу между двумя моделями, а не квантование.</translation>
    </message>
    <message>
        <source>Click a row for its error histogram.</source>
        <translation>Щёлкните строку, чтобы увидеть гистограмму ошибок.</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) of the file are not in the checkpoint: %1.</source>
        <translation>
            <numerusform>%n тензора файла нет в контрольной точке: %1.</numerusform>
            <numerusform>%n тензоров файла нет в контрольной точке: %1.</numerusform>
            <numerusform>%n тензоров файла нет в контрольной точке: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) have another shape there: %1.</source>
        <translation>
            <numerusform>У %n тензора там другая форма: %1.</numerusform>
            <numerusform>У %n тензоров там другая форма: %1.</numerusform>
            <numerusform>У %n тензоров там другая форма: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) are not floating point in the checkpoint: %1.</source>
        <translation>
            <numerusform>%n тензор в контрольной точке не с плавающей точкой: %1.</numerusform>
            <numerusform>%n тензора в контрольной точке не с плавающей точкой: %1.</numerusform>
            <numerusform>%n тензоров в контрольной точке не с плавающей точкой: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n skill replacement tensor(s) are not compared (no checkpoint holds them).</source>
        <translation>
            <numerusform>%n заменяющий тензор навыка не сравнивается (его нет ни в одной контрольной точке).</numerusform>
            <numerusform>%n заменяющих тензора навыков не сравниваются (их нет ни в одной контрольной точке).</numerusform>
            <numerusform>%n заменяющих тензоров навыков не сравниваются (их нет ни в одной контрольной точке).</numerusform>
        </translation>
    </message>
    <message>
        <source> here, </source>
        <translation> здесь, </translation>
    </message>
    <message>
        <source> in the checkpoint</source>
        <translation> в контрольной точке</translation>
    </message>
</context>
<context>
    <name>QuantText</name>
    <message>
        <source>32-bit floats: lossless, 4 bytes a weight — the largest file.</source>
        <translation>32-битные float: без потерь, 4 байта на вес — самый большой файл.</translation>
    </message>
    <message>
        <source>16-bit floats: near lossless, 2 bytes a weight.</source>
        <translation>16-битные float: почти без потерь, 2 байта на вес.</translation>
    </message>
    <message>
        <source>bfloat16: lossless from a bf16 checkpoint, 2 bytes a weight.</source>
        <translation>bfloat16: без потерь для чекпойнта в bf16, 2 байта на вес.</translation>
    </message>
    <message>
        <source>8 bits a weight with an f16 scale per row: near lossless, the usual choice.</source>
        <translation>8 бит на вес и масштаб f16 на строку: почти без потерь, обычный выбор.</translation>
    </message>
    <message>
        <source>8 bits with a row scale and a column field: closer than q8 on outlier inputs, a little larger.</source>
        <translation>8 бит с масштабом строки и полем столбцов: точнее q8 на входах с выбросами, чуть больше.</translation>
    </message>
    <message>
        <source>4 bits in groups of 32 with an f16 scale (4.5 bits a weight); an untied lm_head stays q8.</source>
        <translation>4 бита группами по 32 с масштабом f16 (4,5 бита на вес); несвязанный lm_head остаётся q8.</translation>
    </message>
    <message>
        <source>q4 in tiles that keep each scale beside its weights: the same size, faster to read.</source>
        <translation>q4 в плитках, где масштаб лежит рядом со своими весами: тот же размер, читается быстрее.</translation>
    </message>
    <message>
        <source>q4 tiles with each scale as a 5-bit rung of a per-row ladder: 4.17 bits a weight.</source>
        <translation>Плитки q4, где масштаб — 5-битная ступень лестницы строки: 4,17 бита на вес.</translation>
    </message>
    <message>
        <source>3 to 8 bits per row, louder rows get more, to the mean budget below (with a row table).</source>
        <translation>От 3 до 8 бит на строку, громким строкам больше, в пределах среднего бюджета ниже (с таблицей строк).</translation>
    </message>
    <message>
        <source>1 bit a weight: only for models trained at 1 bit — it ruins a normal checkpoint.</source>
        <translation>1 бит на вес: только для моделей, обученных в 1 бит, — обычный чекпойнт он портит.</translation>
    </message>
    <message>
        <source>1 bit plus the largest weights kept exactly: 1-bit quantization of a normal checkpoint.</source>
        <translation>1 бит плюс точно сохранённые крупнейшие веса: 1-битное квантование обычного чекпойнта.</translation>
    </message>
    <message>
        <source>Ternary (−s, 0, +s, about 2.25 bits) plus each row&apos;s largest weights kept exactly.</source>
        <translation>Троичное (−s, 0, +s, около 2,25 бита) плюс точно сохранённые крупнейшие веса каждой строки.</translation>
    </message>
</context>
<context>
    <name>Text</name>
    <message>
        <source>%1 B</source>
        <translation>%1 Б</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 КиБ</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 МиБ</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 ГиБ</translation>
    </message>
    <message>
        <source>%1 TiB</source>
        <translation>%1 ТиБ</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 мин %2 с</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
</context>
<context>
    <name>cmfw::ArchTableModel</name>
    <message>
        <source>Architecture</source>
        <translation>Архитектура</translation>
    </message>
    <message>
        <source>Model family tag</source>
        <translation>Метка семейства модели</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>Скрытая размерность</translation>
    </message>
    <message>
        <source>Width of the residual stream</source>
        <translation>Ширина остаточного потока</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>Размер FFN</translation>
    </message>
    <message>
        <source>Neurons per feed-forward block (nominal after defrag)</source>
        <translation>Нейронов в блоке прямого распространения (номинально после дефрагментации)</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Слои</translation>
    </message>
    <message>
        <source>Transformer blocks</source>
        <translation>Блоки трансформера</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>Головы внимания</translation>
    </message>
    <message>
        <source>Query heads per layer</source>
        <translation>Голов запросов на слой</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>Головы KV</translation>
    </message>
    <message>
        <source>Key/value heads (grouped-query attention)</source>
        <translation>Головы ключей/значений (grouped-query attention)</translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation>Размерность головы</translation>
    </message>
    <message>
        <source>Width of one attention head</source>
        <translation>Ширина одной головы внимания</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>Словарь</translation>
    </message>
    <message>
        <source>Rows of the embedding matrix</source>
        <translation>Строк в матрице эмбеддингов</translation>
    </message>
    <message>
        <source>Layer types</source>
        <translation>Типы слоёв</translation>
    </message>
    <message>
        <source>Attention kind of each layer</source>
        <translation>Вид внимания каждого слоя</translation>
    </message>
    <message>
        <source>RMSNorm epsilon</source>
        <translation>Эпсилон RMSNorm</translation>
    </message>
    <message>
        <source>Added to the variance in every normalization</source>
        <translation>Прибавляется к дисперсии в каждой нормализации</translation>
    </message>
    <message>
        <source>Norm style</source>
        <translation>Стиль нормализации</translation>
    </message>
    <message>
        <source>&quot;qwen&quot;: x̂·w, &quot;gemma&quot;: x̂·(1+w) — mandatory for an engine</source>
        <translation>«qwen»: x̂·w, «gemma»: x̂·(1+w) — обязателен для движка</translation>
    </message>
    <message>
        <source>RoPE base</source>
        <translation>База RoPE</translation>
    </message>
    <message>
        <source>Rotary embedding frequency base of global layers</source>
        <translation>База частот ротационных эмбеддингов глобальных слоёв</translation>
    </message>
    <message>
        <source>Rotary fraction</source>
        <translation>Доля вращения</translation>
    </message>
    <message>
        <source>Share of each head that is rotated</source>
        <translation>Доля каждой головы, к которой применяется вращение</translation>
    </message>
    <message>
        <source>YaRN</source>
        <translation>YaRN</translation>
    </message>
    <message>
        <source>Global long-context RoPE scaling profile</source>
        <translation>Глобальный профиль масштабирования RoPE для длинного контекста</translation>
    </message>
    <message>
        <source>Heads per layer</source>
        <translation>Голов по слоям</translation>
    </message>
    <message>
        <source>Overrides the query head count layer by layer</source>
        <translation>Переопределяет число голов запросов для каждого слоя</translation>
    </message>
    <message>
        <source>Sliding window</source>
        <translation>Скользящее окно</translation>
    </message>
    <message>
        <source>Window of SlidingAttention layers</source>
        <translation>Окно слоёв SlidingAttention</translation>
    </message>
    <message>
        <source>Local RoPE base</source>
        <translation>Локальная база RoPE</translation>
    </message>
    <message>
        <source>RoPE base of sliding-window layers</source>
        <translation>База RoPE слоёв со скользящим окном</translation>
    </message>
    <message>
        <source>Local rotary fraction</source>
        <translation>Локальная доля вращения</translation>
    </message>
    <message>
        <source>Rotary fraction of sliding-window layers</source>
        <translation>Доля вращения слоёв со скользящим окном</translation>
    </message>
    <message>
        <source>Tied embeddings</source>
        <translation>Связанные эмбеддинги</translation>
    </message>
    <message>
        <source>lm_head reuses the embedding matrix</source>
        <translation>lm_head использует матрицу эмбеддингов</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Длина контекста</translation>
    </message>
    <message>
        <source>Longest position the model was trained for</source>
        <translation>Наибольшая позиция, на которой обучалась модель</translation>
    </message>
    <message>
        <source>Linear-attention kernel</source>
        <translation>Ядро линейного внимания</translation>
    </message>
    <message>
        <source>Convolution width of linear-attention layers</source>
        <translation>Ширина свёртки слоёв линейного внимания</translation>
    </message>
    <message>
        <source>Linear-attention key heads</source>
        <translation>Головы ключей линейного внимания</translation>
    </message>
    <message>
        <source>Key heads of linear-attention layers</source>
        <translation>Головы ключей слоёв линейного внимания</translation>
    </message>
    <message>
        <source>Linear-attention value heads</source>
        <translation>Головы значений линейного внимания</translation>
    </message>
    <message>
        <source>Value heads of linear-attention layers</source>
        <translation>Головы значений слоёв линейного внимания</translation>
    </message>
    <message>
        <source>Multi-token prediction</source>
        <translation>Предсказание нескольких токенов</translation>
    </message>
    <message>
        <source>Draft head for speculative decoding (§2.1)</source>
        <translation>Черновая голова для спекулятивного декодирования (§2.1)</translation>
    </message>
    <message>
        <source>Mixture of experts</source>
        <translation>Смесь экспертов</translation>
    </message>
    <message>
        <source>Expert FFN configuration (§2.2)</source>
        <translation>Конфигурация экспертных FFN (§2.2)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>not defined by the spec</source>
        <translation>не определено спецификацией</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n элемент</numerusform>
            <numerusform>%n элемента</numerusform>
            <numerusform>%n элементов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n field(s)</source>
        <translation>
            <numerusform>%n поле</numerusform>
            <numerusform>%n поля</numerusform>
            <numerusform>%n полей</numerusform>
        </translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Поле</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Значение</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>Смысл</translation>
    </message>
    <message>
        <source>RoPE scaling</source>
        <translation>Масштабирование RoPE</translation>
    </message>
    <message>
        <source>RoPE variant of global layers: linear, dynamic, llama3, yarn or longrope</source>
        <translation>Вариант RoPE глобальных слоёв: linear, dynamic, llama3, yarn или longrope</translation>
    </message>
    <message>
        <source>Local RoPE scaling</source>
        <translation>Локальное масштабирование RoPE</translation>
    </message>
    <message>
        <source>RoPE variant of sliding-window layers</source>
        <translation>Вариант RoPE слоёв со скользящим окном</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>Активация</translation>
    </message>
    <message>
        <source>Gate activation of the feed-forward blocks</source>
        <translation>Активация гейта блоков прямого распространения</translation>
    </message>
    <message>
        <source>Embedding scale</source>
        <translation>Масштаб эмбеддингов</translation>
    </message>
    <message>
        <source>Embeddings are multiplied by it (Gemma: √hidden in the weights&apos; dtype)</source>
        <translation>На него умножаются эмбеддинги (Gemma: √hidden в типе данных весов)</translation>
    </message>
    <message>
        <source>Query scalar</source>
        <translation>Скаляр запроса</translation>
    </message>
    <message>
        <source>Attention scores scale by its inverse square root instead of the head dimension&apos;s</source>
        <translation>Оценки внимания масштабируются на обратный квадратный корень из него, а не из размерности головы</translation>
    </message>
    <message>
        <source>Attention soft-cap</source>
        <translation>Мягкое ограничение внимания</translation>
    </message>
    <message>
        <source>Scores become c·tanh(s/c) before the mask</source>
        <translation>Оценки становятся c·tanh(s/c) до маски</translation>
    </message>
    <message>
        <source>Logit soft-cap</source>
        <translation>Мягкое ограничение логитов</translation>
    </message>
    <message>
        <source>Output logits become c·tanh(x/c)</source>
        <translation>Выходные логиты становятся c·tanh(x/c)</translation>
    </message>
    <message>
        <source>Linear-attention key dimension</source>
        <translation>Размер ключа линейного внимания</translation>
    </message>
    <message>
        <source>Width of one key head of linear-attention layers</source>
        <translation>Ширина одной головы ключей в слоях линейного внимания</translation>
    </message>
    <message>
        <source>Linear-attention value dimension</source>
        <translation>Размер значения линейного внимания</translation>
    </message>
    <message>
        <source>Width of one value head of linear-attention layers</source>
        <translation>Ширина одной головы значений в слоях линейного внимания</translation>
    </message>
    <message>
        <source>Linear-attention norm style</source>
        <translation>Стиль нормализации линейного внимания</translation>
    </message>
    <message>
        <source>Style of the gated norm inside linear attention (&quot;qwen&quot;: x̂·w), apart from norm_style</source>
        <translation>Стиль нормализации с гейтом внутри линейного внимания («qwen»: x̂·w), отдельно от norm_style</translation>
    </message>
    <message>
        <source>Layer schedule</source>
        <translation>Расписание слоёв</translation>
    </message>
    <message>
        <source>L: linear attention, a recurrent state of %1 per sequence and layer, no KV cache; F: full attention; S: sliding-window attention</source>
        <translation>L: линейное внимание, рекуррентное состояние %1 на последовательность и слой, без KV-кэша; F: полное внимание; S: внимание со скользящим окном</translation>
    </message>
    <message>
        <source>L: linear attention; F: full attention; S: sliding-window attention</source>
        <translation>L: линейное внимание; F: полное внимание; S: внимание со скользящим окном</translation>
    </message>
    <message numerus="yes">
        <source>%n linear-attention layer(s)</source>
        <translation>
            <numerusform>%n слой линейного внимания</numerusform>
            <numerusform>%n слоя линейного внимания</numerusform>
            <numerusform>%n слоёв линейного внимания</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n full-attention layer(s)</source>
        <translation>
            <numerusform>%n слой полного внимания</numerusform>
            <numerusform>%n слоя полного внимания</numerusform>
            <numerusform>%n слоёв полного внимания</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sliding-window layer(s)</source>
        <translation>
            <numerusform>%n слой скользящего окна</numerusform>
            <numerusform>%n слоя скользящего окна</numerusform>
            <numerusform>%n слоёв скользящего окна</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cmfw::ArchitectureOverlay</name>
    <message>
        <source>layer skipped</source>
        <translation>слой пропущен</translation>
    </message>
    <message>
        <source>%1 of rows</source>
        <translation>%1 строк</translation>
    </message>
    <message>
        <source>%1 of columns</source>
        <translation>%1 столбцов</translation>
    </message>
    <message>
        <source>%1 of columns (heads)</source>
        <translation>%1 столбцов (голов)</translation>
    </message>
    <message>
        <source>%1 of experts routable</source>
        <translation>маршрутизируемых экспертов: %1</translation>
    </message>
    <message>
        <source>not routable</source>
        <translation>не маршрутизируется</translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation>→ %1</translation>
    </message>
    <message>
        <source>→ %1 (%2)</source>
        <translation>→ %1 (%2)</translation>
    </message>
</context>
<context>
    <name>cmfw::ArchitectureView</name>
    <message>
        <source>Overlay:</source>
        <translation>Наложение:</translation>
    </message>
    <message>
        <source>Show what a task mask turns off, or which tensors a skill replaces</source>
        <translation>Показать, что отключает маска задачи или какие тензоры заменяет навык</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Нет</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>Экспорт PNG…</translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation>Экспорт SVG…</translation>
    </message>
    <message>
        <source>Opening the model…</source>
        <translation>Открытие модели…</translation>
    </message>
    <message>
        <source>Cannot show the architecture: %1</source>
        <translation>Не удаётся показать архитектуру: %1</translation>
    </message>
    <message>
        <source>Architecture of %1</source>
        <translation>Архитектура %1</translation>
    </message>
    <message>
        <source>Mask: %1</source>
        <translation>Маска: %1</translation>
    </message>
    <message>
        <source>Skill: %1</source>
        <translation>Навык: %1</translation>
    </message>
    <message>
        <source>Layers: %1, frames: %2. Click a tensor to open it; click a folded frame&apos;s title to show each layer.</source>
        <translation>Слоёв: %1, рамок: %2. Щёлкните тензор, чтобы открыть его; щёлкните заголовок свёрнутой рамки, чтобы показать каждый слой.</translation>
    </message>
    <message>
        <source>%1 tensors marked by %2.</source>
        <translation>Тензоров, отмеченных %2: %1.</translation>
    </message>
    <message>
        <source>Cannot show %1: %2</source>
        <translation>Не удаётся показать %1: %2</translation>
    </message>
    <message>
        <source>Export architecture as SVG</source>
        <translation>Экспорт архитектуры в SVG</translation>
    </message>
    <message>
        <source>Export architecture as PNG</source>
        <translation>Экспорт архитектуры в PNG</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>Изображения SVG (*.svg)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Изображения PNG (*.png)</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>Не удаётся записать %1</translation>
    </message>
    <message>
        <source>Architecture exported to %1</source>
        <translation>Архитектура экспортирована в %1</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 of %2 replaced</source>
        <translation>заменено %1 из %2</translation>
    </message>
    <message>
        <source>%1 of %2 read</source>
        <translation>прочитано %1 из %2</translation>
    </message>
    <message>
        <source>MTP layer %1</source>
        <translation>Слой MTP %1</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>Слой %1</translation>
    </message>
    <message>
        <source>MTP layers %1–%2</source>
        <translation>Слои MTP %1–%2</translation>
    </message>
    <message>
        <source>Layers %1–%2</source>
        <translation>Слои %1–%2</translation>
    </message>
    <message>
        <source>full attention</source>
        <translation>полное внимание</translation>
    </message>
    <message>
        <source>sliding attention</source>
        <translation>скользящее внимание</translation>
    </message>
    <message>
        <source>linear attention (Gated DeltaNet)</source>
        <translation>линейное внимание (Gated DeltaNet)</translation>
    </message>
    <message>
        <source>%1 tensors alike; click to open %2</source>
        <translation>%1 одинаковых тензоров; щёлкните, чтобы открыть %2</translation>
    </message>
    <message>
        <source>%1
%2, %3, %4; click to open it</source>
        <translation>%1
%2, %3, %4; щёлкните, чтобы открыть</translation>
    </message>
    <message>
        <source>Embedding</source>
        <translation>Эмбеддинг</translation>
    </message>
    <message>
        <source>Input norm</source>
        <translation>Входная нормализация</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Внимание</translation>
    </message>
    <message>
        <source>Gated DeltaNet (linear attention)</source>
        <translation>Gated DeltaNet (линейное внимание)</translation>
    </message>
    <message>
        <source>Post-attention norm</source>
        <translation>Нормализация после внимания</translation>
    </message>
    <message>
        <source>Pre-FFN norm</source>
        <translation>Нормализация перед FFN</translation>
    </message>
    <message>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <source>Mixture of experts</source>
        <translation>Смесь экспертов</translation>
    </message>
    <message>
        <source>Post-FFN norm</source>
        <translation>Нормализация после FFN</translation>
    </message>
    <message>
        <source>Final norm</source>
        <translation>Финальная нормализация</translation>
    </message>
    <message>
        <source>LM head</source>
        <translation>LM head</translation>
    </message>
    <message>
        <source>MTP input</source>
        <translation>Вход MTP</translation>
    </message>
    <message>
        <source>MTP head: drafts token t+2 from the hidden state after the final norm</source>
        <translation>Голова MTP: черновик токена t+2 из скрытого состояния после финальной нормализации</translation>
    </message>
    <message>
        <source>MoE</source>
        <translation>MoE</translation>
    </message>
    <message>
        <source>dense MLP</source>
        <translation>плотный MLP</translation>
    </message>
    <message>
        <source>tensors of %1</source>
        <translation>тензоры %1</translation>
    </message>
    <message>
        <source>Click the title to fold the identical layers again</source>
        <translation>Щёлкните заголовок, чтобы снова свернуть одинаковые слои</translation>
    </message>
    <message>
        <source>Click the title to show each layer</source>
        <translation>Щёлкните заголовок, чтобы показать каждый слой</translation>
    </message>
</context>
<context>
    <name>cmfw::BitsView</name>
    <message>
        <source>Bit allocation</source>
        <translation>Распределение битов</translation>
    </message>
    <message>
        <source>Mean bits per weight by layer and family</source>
        <translation>Среднее число бит на вес по слоям и семействам</translation>
    </message>
    <message>
        <source>Tensors of:</source>
        <translation>Тензоры:</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>модель</translation>
    </message>
    <message>
        <source>skill %1</source>
        <translation>навык %1</translation>
    </message>
    <message>
        <source>no tensor</source>
        <translation>нет тензора</translation>
    </message>
    <message>
        <source>Row widths</source>
        <translation>Разрядности строк</translation>
    </message>
    <message>
        <source>Row widths (vbit)</source>
        <translation>Разрядности строк (vbit)</translation>
    </message>
    <message>
        <source>Scale profiles</source>
        <translation>Профили масштабов</translation>
    </message>
    <message>
        <source>MTP</source>
        <translation>MTP</translation>
    </message>
    <message>
        <source>outside</source>
        <translation>вне слоёв</translation>
    </message>
    <message>
        <source>Bits per weight</source>
        <translation>Бит на вес</translation>
    </message>
    <message>
        <source>Bits per weight of %1</source>
        <translation>Бит на вес — %1</translation>
    </message>
    <message>
        <source>family</source>
        <translation>семейство</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>слой</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 (%n tensor(s))</source>
        <translation>
            <numerusform>%1 %2 (%n тензор)</numerusform>
            <numerusform>%1 %2 (%n тензора)</numerusform>
            <numerusform>%1 %2 (%n тензоров)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 weights in %2: %3 bits per weight on average (bytes × 8 / weights, every overhead included). By dtype: %4. Hover a cell for how its number is made up; click it to open its tensor below.</source>
        <translation>Весов: %1, объём %2: в среднем %3 бит на вес (байты × 8 / веса, с учётом всех накладных расходов). По типам: %4. Наведите указатель на ячейку, чтобы увидеть, из чего складывается её число; щёлкните по ней, чтобы открыть её тензор ниже.</translation>
    </message>
    <message>
        <source>no tensor of this family in this layer</source>
        <translation>в этом слое нет тензоров этого семейства</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s), %1 weights in %2</source>
        <translation>
            <numerusform>%n тензор, весов: %1, объём %2</numerusform>
            <numerusform>%n тензора, весов: %1, объём %2</numerusform>
            <numerusform>%n тензоров, весов: %1, объём %2</numerusform>
        </translation>
    </message>
    <message>
        <source>  … and %1 more</source>
        <translation>  … и ещё %1</translation>
    </message>
    <message>
        <source>%1 bits per weight = %2 codes + %3 overhead</source>
        <translation>%1 бит на вес = %2 на коды + %3 накладных расходов</translation>
    </message>
</context>
<context>
    <name>cmfw::BytesChart</name>
    <message>
        <source>bytes</source>
        <translation>байты</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>ГиБ</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>МиБ</translation>
    </message>
    <message>
        <source>KiB</source>
        <translation>КиБ</translation>
    </message>
</context>
<context>
    <name>cmfw::ChatPresetBar</name>
    <message>
        <source>Preset</source>
        <translation>Пресет</translation>
    </message>
    <message>
        <source>A system prompt with its sampling and reply length, kept for this model</source>
        <translation>Системный промпт с параметрами сэмплирования и длиной ответа, сохранённый для этой модели</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Сохранить как…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <source>Save preset</source>
        <translation>Сохранить пресет</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Имя:</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>Удалить пресет</translation>
    </message>
    <message>
        <source>Delete the preset “%1”?</source>
        <translation>Удалить пресет «%1»?</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>По умолчанию</translation>
    </message>
</context>
<context>
    <name>cmfw::ChatSettingsPanel</name>
    <message>
        <source>System prompt</source>
        <translation>Системный промпт</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>Сэмплирование</translation>
    </message>
    <message>
        <source>Greedy (argmax)</source>
        <translation>Жадный выбор (argmax)</translation>
    </message>
    <message>
        <source>off</source>
        <translation>выкл</translation>
    </message>
    <message>
        <source>Reset sampling</source>
        <translation>Сбросить сэмплирование</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Температура</translation>
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
        <translation>Штраф за повторы</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Зерно (seed)</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>Макс. токенов</translation>
    </message>
    <message>
        <source>Task and skill (next reply, no reload)</source>
        <translation>Задача и навык (со следующего ответа, без перезагрузки)</translation>
    </message>
    <message>
        <source>With auto: 0 = the lowest-energy skill alone; T &gt; 0 blends every record with weights softmax(−E/T)</source>
        <translation>В режиме «авто»: 0 — только навык с наименьшей энергией; T &gt; 0 смешивает все записи с весами softmax(−E/T)</translation>
    </message>
    <message>
        <source>Task mask</source>
        <translation>Маска задачи</translation>
    </message>
    <message>
        <source>Skill</source>
        <translation>Навык</translation>
    </message>
    <message>
        <source>Blend temperature</source>
        <translation>Температура смешивания</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Контекст</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> токенов</translation>
    </message>
    <message>
        <source>%v / %m used</source>
        <translation>%v / %m занято</translation>
    </message>
    <message>
        <source>enable_thinking</source>
        <translation>enable_thinking</translation>
    </message>
    <message>
        <source>The template variable; shown because this file&apos;s chat template reads it</source>
        <translation>Переменная шаблона; показана, потому что её читает шаблон чата этого файла</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Длина</translation>
    </message>
    <message>
        <source>Used</source>
        <translation>Занято</translation>
    </message>
    <message>
        <source>none (dense)</source>
        <translation>нет (плотная модель)</translation>
    </message>
    <message>
        <source>none (backbone)</source>
        <translation>нет (основа)</translation>
    </message>
    <message>
        <source>auto (routing)</source>
        <translation>авто (маршрутизация)</translation>
    </message>
    <message>
        <source>Drafted tokens are verified in one pass over the weights: greedy replies are the same as without, sampled ones have the same distribution; each reply&apos;s line shows how many drafts were accepted</source>
        <translation>Черновые токены проверяются за один проход по весам: жадные ответы те же, что и без них, у сэмплированных то же распределение; строка каждого ответа показывает, сколько черновиков принято</translation>
    </message>
    <message>
        <source>Speculative decoding</source>
        <translation>Спекулятивное декодирование</translation>
    </message>
    <message>
        <source>prompt lookup</source>
        <translation>поиск в контексте</translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation>голова MTP</translation>
    </message>
    <message>
        <source>Back to the workbench&apos;s defaults (this file has no generation_config)</source>
        <translation>Вернуть значения по умолчанию программы (в файле нет generation_config)</translation>
    </message>
    <message>
        <source>Back to this file&apos;s generation defaults (its generation_config): %1</source>
        <translation>Вернуть параметры генерации этого файла (его generation_config): %1</translation>
    </message>
    <message>
        <source>Task mask “%1” is NOT MEASURED: its file records no quality (§5.1), so nobody checked how much worse its replies are than the dense model&apos;s.</source>
        <translation>Маска задачи «%1» НЕ ИЗМЕРЕНА: в файле не записано её качество (§5.1), и никто не проверил, насколько её ответы хуже ответов плотной модели.</translation>
    </message>
</context>
<context>
    <name>cmfw::ChatView</name>
    <message>
        <source>Chat — %1</source>
        <translation>Чат — %1</translation>
    </message>
    <message>
        <source>Message (Ctrl+Enter sends)</source>
        <translation>Сообщение (Ctrl+Enter — отправить)</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Отправить</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Остановить</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Сгенерировать заново</translation>
    </message>
    <message>
        <source>Edit last</source>
        <translation>Изменить последнее</translation>
    </message>
    <message>
        <source>Copy reply</source>
        <translation>Копировать ответ</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Очистить</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Сохранить…</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Загрузить…</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Промпт</translation>
    </message>
    <message>
        <source>Generating…</source>
        <translation>Генерация…</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Ошибка: %1</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Загрузка %1…</translation>
    </message>
    <message>
        <source>Resend edited</source>
        <translation>Отправить изменённое</translation>
    </message>
    <message>
        <source>The prompt is shown once the model has loaded.</source>
        <translation>Промпт появится после загрузки модели.</translation>
    </message>
    <message>
        <source>The exact prompt the next reply starts from (the conversation%1, rendered by the file&apos;s chat template): %2 tokens.</source>
        <translation>Точный промпт, с которого начнётся следующий ответ (беседа%1 по шаблону чата этого файла); токенов: %2.</translation>
    </message>
    <message>
        <source> and the pending input</source>
        <translation> и ещё не отправленный ввод</translation>
    </message>
    <message>
        <source>The template refused this conversation: %1</source>
        <translation>Шаблон отклонил эту беседу: %1</translation>
    </message>
    <message>
        <source>Estimated: %1 weights + %2 KV cache = %3</source>
        <translation>Оценка: %1 веса + %2 KV-кэш = %3</translation>
    </message>
    <message>
        <source>No memory estimate: %1</source>
        <translation>Нет оценки памяти: %1</translation>
    </message>
    <message>
        <source>Resident now (VmRSS): %1</source>
        <translation>Сейчас в памяти (VmRSS): %1</translation>
    </message>
    <message>
        <source>Note: this conversation was held with %1 (directory hash %2), not with the file open here.</source>
        <translation>Внимание: эта беседа велась с %1 (хеш каталога %2), а не с открытым здесь файлом.</translation>
    </message>
    <message>
        <source>Save conversation</source>
        <translation>Сохранить беседу</translation>
    </message>
    <message>
        <source>Conversations (*.json)</source>
        <translation>Беседы (*.json)</translation>
    </message>
    <message>
        <source>Load conversation</source>
        <translation>Загрузить беседу</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>Экспорт в Markdown</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>The conversation is longer than the context: the oldest %1 messages were left out of the prompt of this reply.</source>
        <translation>Беседа длиннее контекста: самые старые сообщения (%1) не вошли в промпт этого ответа.</translation>
    </message>
    <message>
        <source>Rendering the prompt…</source>
        <translation>Формирование промпта…</translation>
    </message>
    <message>
        <source>That is more than the context of %1 tokens: the oldest messages will be left out.</source>
        <translation>Это больше контекста (токенов: %1): самые старые сообщения будут опущены.</translation>
    </message>
    <message>
        <source>Your message %1</source>
        <translation>Ваше сообщение %1</translation>
    </message>
    <message>
        <source>Reply %1</source>
        <translation>Ответ %1</translation>
    </message>
    <message>
        <source>Available: %1 (%2)</source>
        <translation>Доступно: %1 (%2)</translation>
    </message>
    <message>
        <source>Not enough memory for this context: %1; lower the context length or open a smaller quantization.</source>
        <translation>Недостаточно памяти для такого контекста: %1; уменьшите длину контекста или откройте модель с более компактным квантованием.</translation>
    </message>
    <message>
        <source>With the chat template this message makes a prompt of %1 tokens,</source>
        <translation>С шаблоном чата промпт из этого сообщения содержит токенов: %1,</translation>
    </message>
    <message>
        <source>This message is %1 tokens,</source>
        <translation>В этом сообщении токенов: %1,</translation>
    </message>
    <message>
        <source>but the context holds %1 tokens, %2 of them kept for the reply: shorten the message, or raise the context length in Settings</source>
        <translation>а контекст вмещает токенов: %1, из них %2 отведено под ответ: сократите сообщение или увеличьте длину контекста в настройках</translation>
    </message>
    <message>
        <source>(this model allows up to %1)</source>
        <translation>(эта модель допускает до %1)</translation>
    </message>
    <message>
        <source>[… %1 characters of the prompt are not shown here …]</source>
        <translation>[… здесь не показано символов промпта: %1 …]</translation>
    </message>
    <message>
        <source>first token %1 ms</source>
        <translation>первый токен %1 мс</translation>
    </message>
    <message>
        <source>prefill %1 tok/s</source>
        <translation>предзаполнение %1 tok/s</translation>
    </message>
    <message>
        <source>decode %1 tok/s</source>
        <translation>декодирование %1 tok/s</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 токенов</translation>
    </message>
    <message>
        <source>finish: %1</source>
        <translation>завершение: %1</translation>
    </message>
    <message>
        <source>the oldest %1 messages did not fit the context and were left out</source>
        <translation>самые старые сообщения (%1) не поместились в контекст и были опущены</translation>
    </message>
    <message>
        <source>task %1</source>
        <translation>задача %1</translation>
    </message>
    <message>
        <source>auto → blend (argmin %1; E: %2)</source>
        <translation>авто → смесь (argmin %1; E: %2)</translation>
    </message>
    <message>
        <source>auto → %1 (E: %2)</source>
        <translation>авто → %1 (E: %2)</translation>
    </message>
    <message>
        <source>skill %1</source>
        <translation>навык %1</translation>
    </message>
    <message>
        <source>… %1 more characters are not shown.</source>
        <translation>… ещё не показано символов: %1.</translation>
    </message>
    <message>
        <source>Show the whole message</source>
        <translation>Показать сообщение целиком</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Вы</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Ассистент</translation>
    </message>
    <message>
        <source>a reply is running</source>
        <translation>идёт ответ</translation>
    </message>
    <message>
        <source>Estimated: %1 weights + %2 KV cache + %3 recurrent state (with its checkpoints) = %4</source>
        <translation>Оценка: %1 весов + %2 KV-кэша + %3 рекуррентного состояния (с контрольными точками) = %4</translation>
    </message>
    <message>
        <source>MTP</source>
        <translation>MTP</translation>
    </message>
    <message>
        <source>lookup</source>
        <translation>поиск</translation>
    </message>
    <message>
        <source>%1 drafts: %2 of %3 accepted (%4%), %5 tokens per pass</source>
        <translation>черновики %1: принято %2 из %3 (%4%), %5 токена за проход</translation>
    </message>
    <message>
        <source>%1 drafts: none proposed</source>
        <translation>черновики %1: не предложено ни одного</translation>
    </message>
    <message>
        <source>Stop the reply (Esc)</source>
        <translation>Остановить ответ (Esc)</translation>
    </message>
    <message>
        <source>%1 chat %2</source>
        <translation>%1 чат %2</translation>
    </message>
    <message>
        <source>Send the message</source>
        <translation>Отправить сообщение</translation>
    </message>
    <message>
        <source>Stop the reply</source>
        <translation>Остановить ответ</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>Копировать код</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Изменить</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Экспорт…</translation>
    </message>
    <message>
        <source>Export the conversation as Markdown</source>
        <translation>Экспортировать диалог в Markdown</translation>
    </message>
    <message>
        <source>Start a new conversation (this one stays in the history)</source>
        <translation>Начать новый диалог (текущий останется в истории)</translation>
    </message>
    <message>
        <source>Editing message %1: sending it starts a new branch there; the old one is kept (‹ › switches).</source>
        <translation>Редактирование сообщения %1: отправка начнёт с него новую ветку; старая сохранится (‹ › переключает).</translation>
    </message>
    <message>
        <source>Edit reply</source>
        <translation>Изменить ответ</translation>
    </message>
    <message>
        <source>The reply as it should read (a new branch; the old reply is kept):</source>
        <translation>Ответ в том виде, в каком он должен быть (новая ветка; старый ответ сохранится):</translation>
    </message>
    <message>
        <source>A reply is running: stop it first (Esc).</source>
        <translation>Идёт ответ: сначала остановите его (Esc).</translation>
    </message>
    <message numerus="yes">
        <source>Delete this message and the %n message(s) that follow it on this branch?</source>
        <translation>
            <numerusform>Удалить это сообщение и %n следующее за ним сообщение в этой ветке?</numerusform>
            <numerusform>Удалить это сообщение и %n следующих за ним сообщения в этой ветке?</numerusform>
            <numerusform>Удалить это сообщение и %n следующих за ним сообщений в этой ветке?</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete this message?</source>
        <translation>Удалить это сообщение?</translation>
    </message>
    <message>
        <source>Delete message</source>
        <translation>Удалить сообщение</translation>
    </message>
    <message>
        <source>Its other versions (‹ ›) are kept.</source>
        <translation>Другие его версии (‹ ›) сохранятся.</translation>
    </message>
    <message numerus="yes">
        <source>Copied %n line(s) of code.</source>
        <translation>
            <numerusform>Скопирована %n строка кода.</numerusform>
            <numerusform>Скопировано %n строки кода.</numerusform>
            <numerusform>Скопировано %n строк кода.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cmfw::ChatWorker</name>
    <message>
        <source>no model loaded</source>
        <translation>модель не загружена</translation>
    </message>
    <message>
        <source>lower the context length in Settings or open a smaller quantization (CMF_MEMORY_LIMIT=off turns this check off)</source>
        <translation>уменьшите длину контекста в настройках или откройте модель с более компактным квантованием (CMF_MEMORY_LIMIT=off отключает эту проверку)</translation>
    </message>
    <message>
        <source>The conversation is longer than the context (%1 tokens): the oldest %2 messages are left out of the prompt.</source>
        <translation>Беседа длиннее контекста (токенов: %1): самые старые сообщения (%2) не вошли в промпт.</translation>
    </message>
</context>
<context>
    <name>cmfw::CompareView</name>
    <message numerus="yes">
        <source>… %n more</source>
        <translation>
            <numerusform>… и ещё %n</numerusform>
            <numerusform>… и ещё %n</numerusform>
            <numerusform>… и ещё %n</numerusform>
        </translation>
    </message>
    <message>
        <source>absent</source>
        <translation>отсутствует</translation>
    </message>
    <message>
        <source>only in A</source>
        <translation>только в A</translation>
    </message>
    <message>
        <source>only in B</source>
        <translation>только в B</translation>
    </message>
    <message>
        <source>same</source>
        <translation>совпадает</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>изменено</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Сравнение</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Показать:</translation>
    </message>
    <message>
        <source>All tensors</source>
        <translation>Все тензоры</translation>
    </message>
    <message>
        <source>Every difference</source>
        <translation>Все различия</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Изменённые</translation>
    </message>
    <message>
        <source>Only in A</source>
        <translation>Только в A</translation>
    </message>
    <message>
        <source>Only in B</source>
        <translation>Только в B</translation>
    </message>
    <message>
        <source>Same</source>
        <translation>Совпадающие</translation>
    </message>
    <message>
        <source>Filter by name…</source>
        <translation>Фильтр по имени…</translation>
    </message>
    <message>
        <source>Header differences</source>
        <translation>Различия заголовков</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Изменение</translation>
    </message>
    <message>
        <source>JSON pointer</source>
        <translation>Указатель JSON</translation>
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
        <translation>Чтобы сравнить этот файл с другим, выберите «Инструменты ▸ Сравнить с…».</translation>
    </message>
    <message>
        <source>Compare %1 with %2</source>
        <translation>Сравнение %1 с %2</translation>
    </message>
    <message>
        <source>identical</source>
        <translation>идентичны</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) differ</source>
        <translation>
            <numerusform>различается %n тензор</numerusform>
            <numerusform>различаются %n тензора</numerusform>
            <numerusform>различаются %n тензоров</numerusform>
        </translation>
    </message>
    <message>
        <source>Comparing %1 with %2…</source>
        <translation>Сравнение %1 с %2…</translation>
    </message>
    <message>
        <source>Could not compare: %1 (%2)</source>
        <translation>Не удалось сравнить: %1 (%2)</translation>
    </message>
    <message>
        <source>Compare failed: %1</source>
        <translation>Ошибка сравнения: %1</translation>
    </message>
    <message>
        <source>Comparison cancelled.</source>
        <translation>Сравнение отменено.</translation>
    </message>
    <message>
        <source>✔ Identical: every tensor, the header and every section agree (compared in %1).</source>
        <translation>✔ Идентичны: все тензоры, заголовок и все секции совпадают (сравнено за %1).</translation>
    </message>
    <message>
        <source>✘ The files differ (%1 tensors in A, %2 in B, compared in %3).</source>
        <translation>✘ Файлы различаются (тензоров в A: %1, в B: %2; сравнено за %3).</translation>
    </message>
    <message numerus="yes">
        <source>%n changed</source>
        <translation>
            <numerusform>%n изменён</numerusform>
            <numerusform>%n изменены</numerusform>
            <numerusform>%n изменено</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n only in A</source>
        <translation>
            <numerusform>%n только в A</numerusform>
            <numerusform>%n только в A</numerusform>
            <numerusform>%n только в A</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n only in B</source>
        <translation>
            <numerusform>%n только в B</numerusform>
            <numerusform>%n только в B</numerusform>
            <numerusform>%n только в B</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n same</source>
        <translation>
            <numerusform>%n совпадает</numerusform>
            <numerusform>%n совпадают</numerusform>
            <numerusform>%n совпадают</numerusform>
        </translation>
    </message>
    <message>
        <source>header same</source>
        <translation>заголовок совпадает</translation>
    </message>
    <message numerus="yes">
        <source>header: %n difference(s)</source>
        <translation>
            <numerusform>заголовок: %n различие</numerusform>
            <numerusform>заголовок: %n различия</numerusform>
            <numerusform>заголовок: %n различий</numerusform>
        </translation>
    </message>
    <message>
        <source>Sections: %1</source>
        <translation>Секции: %1</translation>
    </message>
    <message>
        <source>Values were not compared.</source>
        <translation>Значения не сравнивались.</translation>
    </message>
    <message>
        <source>%1 and %2 are identical</source>
        <translation>%1 и %2 идентичны</translation>
    </message>
    <message>
        <source>%1 and %2 differ: %3 changed, %4 only in A, %5 only in B, %6 header difference(s)</source>
        <translation>%1 и %2 различаются: изменено — %3, только в A — %4, только в B — %5, различий в заголовке — %6</translation>
    </message>
    <message>
        <source>section_hashes is left out: the masks, vocab and index sections are compared byte for byte above.</source>
        <translation>section_hashes не учитывается: секции масок, словаря и индекса сравниваются побайтно выше.</translation>
    </message>
    <message>
        <source>The headers are the same.</source>
        <translation>Заголовки совпадают.</translation>
    </message>
    <message>
        <source>added</source>
        <translation>добавлено</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>удалено</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n tensor(s)</source>
        <translation>
            <numerusform>%1 из %n тензора</numerusform>
            <numerusform>%1 из %n тензоров</numerusform>
            <numerusform>%1 из %n тензоров</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cmfw::EnvelopeView</name>
    <message>
        <source>Envelope</source>
        <translation>Конверт</translation>
    </message>
    <message numerus="yes">
        <source>CMF version %1 · %2 (%3 bytes) · %n tensor(s). The fixed 128-byte envelope at offset 0 addresses every other section; a reader finds sections only through it (spec §1).</source>
        <translation>
            <numerusform>CMF версии %1 · %2 (%3 байт) · %n тензор. Фиксированный 128-байтовый конверт по смещению 0 указывает на все остальные секции; читатель находит секции только через него (спецификация, §1).</numerusform>
            <numerusform>CMF версии %1 · %2 (%3 байт) · %n тензора. Фиксированный 128-байтовый конверт по смещению 0 указывает на все остальные секции; читатель находит секции только через него (спецификация, §1).</numerusform>
            <numerusform>CMF версии %1 · %2 (%3 байт) · %n тензоров. Фиксированный 128-байтовый конверт по смещению 0 указывает на все остальные секции; читатель находит секции только через него (спецификация, §1).</numerusform>
        </translation>
    </message>
    <message>
        <source>Header JSON</source>
        <translation>JSON-заголовок</translation>
    </message>
    <message>
        <source>Directory</source>
        <translation>Каталог</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Веса</translation>
    </message>
    <message>
        <source>Masks</source>
        <translation>Маски</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>Токенизатор</translation>
    </message>
    <message>
        <source>Sparse index</source>
        <translation>Разреженный индекс</translation>
    </message>
    <message>
        <source>Padding / unused</source>
        <translation>Выравнивание / не используется</translation>
    </message>
    <message>
        <source>Sections</source>
        <translation>Секции</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>Секция</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>Смещение</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Длина</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Конец</translation>
    </message>
    <message>
        <source>Share of file</source>
        <translation>Доля файла</translation>
    </message>
    <message>
        <source>absent (offset 0)</source>
        <translation>отсутствует (смещение 0)</translation>
    </message>
    <message>
        <source>Fields</source>
        <translation>Поля</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Поле</translation>
    </message>
    <message>
        <source>At</source>
        <translation>Адрес</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Значение</translation>
    </message>
    <message>
        <source>Hex</source>
        <translation>Hex</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>Смысл</translation>
    </message>
    <message>
        <source>&quot;CMF&quot; 0x01 — identifies a CMF file</source>
        <translation>«CMF» 0x01 — признак файла CMF</translation>
    </message>
    <message>
        <source>format version (2)</source>
        <translation>версия формата (2)</translation>
    </message>
    <message>
        <source>reserved, 0</source>
        <translation>зарезервировано, 0</translation>
    </message>
    <message>
        <source>bits a reader must know (below)</source>
        <translation>биты, которые должен знать читатель (ниже)</translation>
    </message>
    <message>
        <source>JSON header</source>
        <translation>JSON-заголовок</translation>
    </message>
    <message>
        <source>tensor directory</source>
        <translation>каталог тензоров</translation>
    </message>
    <message>
        <source>weight blob (page aligned)</source>
        <translation>блок весов (выровнен по странице)</translation>
    </message>
    <message>
        <source>task masks; 0 = absent</source>
        <translation>маски задач; 0 — нет</translation>
    </message>
    <message>
        <source>tokenizer.json; 0 = absent</source>
        <translation>tokenizer.json; 0 — нет</translation>
    </message>
    <message>
        <source>sparse index; 0 = absent</source>
        <translation>разреженный индекс; 0 — нет</translation>
    </message>
    <message>
        <source>reserved: header hash</source>
        <translation>резерв: хеш заголовка</translation>
    </message>
    <message>
        <source>0 (absent)</source>
        <translation>0 (нет)</translation>
    </message>
    <message>
        <source>hash64 of the header JSON (§8.1)</source>
        <translation>hash64 JSON-заголовка (§8.1)</translation>
    </message>
    <message>
        <source>reserved: directory hash</source>
        <translation>резерв: хеш каталога</translation>
    </message>
    <message>
        <source>hash64 of the directory (§8.1)</source>
        <translation>hash64 каталога (§8.1)</translation>
    </message>
    <message>
        <source>Feature bits (required_features = %1)</source>
        <translation>Биты возможностей (required_features = %1)</translation>
    </message>
    <message>
        <source>Bit</source>
        <translation>Бит</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Установлен</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
</context>
<context>
    <name>cmfw::ErrorView</name>
    <message>
        <source>%1 could not be opened as a CMF v2 file.</source>
        <translation>Не удалось открыть %1 как файл CMF v2.</translation>
    </message>
    <message>
        <source>What is wrong</source>
        <translation>Что не так</translation>
    </message>
    <message>
        <source>Error kind</source>
        <translation>Вид ошибки</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>Что это значит</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Правило</translation>
    </message>
    <message>
        <source>File size</source>
        <translation>Размер файла</translation>
    </message>
    <message>
        <source>%1 bytes (%2)</source>
        <translation>%1 байт (%2)</translation>
    </message>
    <message>
        <source>First bytes</source>
        <translation>Первые байты</translation>
    </message>
    <message>
        <source>A CMF reader must refuse such a file rather than read it as best it can (spec §1.2). If you expected a valid file, it was probably truncated or changed after it was written: download or copy it again.</source>
        <translation>Читатель CMF обязан отказаться от такого файла, а не читать его как получится (спецификация, §1.2). Если вы ожидали корректный файл, вероятно, он был обрезан или изменён после записи: скачайте или скопируйте его заново.</translation>
    </message>
</context>
<context>
    <name>cmfw::FilePage</name>
    <message>
        <source>Envelope</source>
        <translation>Конверт</translation>
    </message>
    <message>
        <source>Header</source>
        <translation>Заголовок</translation>
    </message>
    <message>
        <source>Tensors (%1)</source>
        <translation>Тензоры (%1)</translation>
    </message>
    <message>
        <source>Masks (%1)</source>
        <translation>Маски (%1)</translation>
    </message>
    <message>
        <source>Masks</source>
        <translation>Маски</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>Навыки</translation>
    </message>
    <message>
        <source>Skills (%1)</source>
        <translation>Навыки (%1)</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>Токенизатор</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>Подпись</translation>
    </message>
    <message>
        <source>Shards (%1)</source>
        <translation>Шарды (%1)</translation>
    </message>
    <message>
        <source>Bit allocation</source>
        <translation>Распределение битов</translation>
    </message>
    <message>
        <source>Tasks &amp; skills</source>
        <translation>Задачи и навыки</translation>
    </message>
    <message>
        <source>Expert routing</source>
        <translation>Маршрутизация экспертов</translation>
    </message>
    <message>
        <source>Quantization error</source>
        <translation>Ошибка квантования</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Сравнение</translation>
    </message>
    <message>
        <source>Compare with %1</source>
        <translation>Сравнение с %1</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Обзор</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Архитектура</translation>
    </message>
    <message>
        <source>Playground</source>
        <translation>Песочница</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Измерения</translation>
    </message>
</context>
<context>
    <name>cmfw::HeaderJsonModel</name>
    <message>
        <source>object</source>
        <translation>объект</translation>
    </message>
    <message>
        <source>array</source>
        <translation>массив</translation>
    </message>
    <message>
        <source>string</source>
        <translation>строка</translation>
    </message>
    <message>
        <source>boolean</source>
        <translation>логическое</translation>
    </message>
    <message>
        <source>integer</source>
        <translation>целое</translation>
    </message>
    <message>
        <source>number</source>
        <translation>число</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message numerus="yes">
        <source>{%n key(s)}</source>
        <translation>
            <numerusform>{%n ключ}</numerusform>
            <numerusform>{%n ключа}</numerusform>
            <numerusform>{%n ключей}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>[%n item(s)]</source>
        <translation>
            <numerusform>[%n элемент]</numerusform>
            <numerusform>[%n элемента]</numerusform>
            <numerusform>[%n элементов]</numerusform>
        </translation>
    </message>
    <message>
        <source>Not defined by the spec. Readers ignore unknown fields (additive evolution, §1.1); it is shown so nothing in the file is hidden.</source>
        <translation>Не определено спецификацией. Читатели игнорируют неизвестные поля (аддитивное развитие, §1.1); поле показано, чтобы ничего в файле не было скрыто.</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Ключ</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Значение</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Тип</translation>
    </message>
</context>
<context>
    <name>cmfw::HeaderView</name>
    <message>
        <source>Header</source>
        <translation>Заголовок</translation>
    </message>
    <message>
        <source>%1 of JSON at offset %2.</source>
        <translation>%1 JSON по смещению %2.</translation>
    </message>
    <message>
        <source>Default quantization: %1 (informational; each tensor&apos;s dtype is the truth).</source>
        <translation>Квантование по умолчанию: %1 (справочно; истину задаёт тип каждого тензора).</translation>
    </message>
    <message>
        <source>Architecture (arch)</source>
        <translation>Архитектура (arch)</translation>
    </message>
    <message>
        <source>The header has no arch block.</source>
        <translation>В заголовке нет блока arch.</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Search keys and values…</source>
        <translation>Поиск по ключам и значениям…</translation>
    </message>
    <message>
        <source>Expand all</source>
        <translation>Развернуть всё</translation>
    </message>
    <message>
        <source>Collapse</source>
        <translation>Свернуть</translation>
    </message>
    <message>
        <source>Fields in italics are not defined by the spec; readers ignore them, the workbench shows them.</source>
        <translation>Поля курсивом не определены спецификацией: читатели их игнорируют, а Workbench показывает.</translation>
    </message>
</context>
<context>
    <name>cmfw::HeatmapToolbar</name>
    <message>
        <source>Fit</source>
        <translation>Вписать</translation>
    </message>
    <message>
        <source>Fit the whole grid into the view (0)</source>
        <translation>Вписать всю сетку в область просмотра (0)</translation>
    </message>
    <message>
        <source>+</source>
        <translation>+</translation>
    </message>
    <message>
        <source>Zoom in (+ or the mouse wheel)</source>
        <translation>Увеличить (+ или колесо мыши)</translation>
    </message>
    <message>
        <source>−</source>
        <translation>−</translation>
    </message>
    <message>
        <source>Zoom out (−)</source>
        <translation>Уменьшить (−)</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>Тепловая карта</translation>
    </message>
    <message>
        <source>PNG</source>
        <translation>PNG</translation>
    </message>
    <message>
        <source>Export a heatmap as shown, as a PNG image</source>
        <translation>Экспортировать тепловую карту в изображение PNG в том виде, как она показана</translation>
    </message>
    <message>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <source>Export a heatmap&apos;s values as CSV</source>
        <translation>Экспортировать значения тепловой карты в CSV</translation>
    </message>
    <message>
        <source>Cells</source>
        <translation>Ячейки</translation>
    </message>
    <message>
        <source>Export a heatmap&apos;s grid at full resolution, a chosen number of pixels per cell, as PNG or SVG</source>
        <translation>Экспорт сетки тепловой карты в полном разрешении, с выбранным числом пикселей на ячейку, в PNG или SVG</translation>
    </message>
</context>
<context>
    <name>cmfw::HeatmapWidget</name>
    <message>
        <source>no value</source>
        <translation>нет значения</translation>
    </message>
    <message>
        <source>No data</source>
        <translation>Нет данных</translation>
    </message>
    <message>
        <source>row</source>
        <translation>строка</translation>
    </message>
    <message>
        <source>column</source>
        <translation>столбец</translation>
    </message>
    <message>
        <source>value: %1</source>
        <translation>значение: %1</translation>
    </message>
    <message>
        <source>Zoom in (+)</source>
        <translation>Увеличить (+)</translation>
    </message>
    <message>
        <source>Zoom out (−)</source>
        <translation>Уменьшить (−)</translation>
    </message>
    <message>
        <source>Fit (0)</source>
        <translation>Вписать (0)</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Экспорт в CSV…</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Export heatmap as PNG</source>
        <translation>Экспорт тепловой карты в PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Изображения PNG (*.png)</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>Не удалось записать %1</translation>
    </message>
    <message>
        <source>Export heatmap values as CSV</source>
        <translation>Экспорт значений тепловой карты в CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Файлы CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export PNG as shown…</source>
        <translation>Экспорт PNG как на экране…</translation>
    </message>
    <message>
        <source>Export cells at full resolution (PNG, SVG)…</source>
        <translation>Экспорт ячеек в полном разрешении (PNG, SVG)…</translation>
    </message>
    <message>
        <source>Export cells</source>
        <translation>Экспорт ячеек</translation>
    </message>
    <message>
        <source>Pixels per cell (the grid is %1 × %2 cells):</source>
        <translation>Пикселей на ячейку (сетка %1 × %2 ячеек):</translation>
    </message>
    <message>
        <source>Export heatmap cells</source>
        <translation>Экспорт ячеек тепловой карты</translation>
    </message>
    <message>
        <source>PNG images (*.png);;SVG images (*.svg)</source>
        <translation>Изображения PNG (*.png);;Изображения SVG (*.svg)</translation>
    </message>
</context>
<context>
    <name>cmfw::HistogramChart</name>
    <message>
        <source>value</source>
        <translation>значение</translation>
    </message>
    <message>
        <source>count (log)</source>
        <translation>количество (лог.)</translation>
    </message>
    <message>
        <source>count</source>
        <translation>количество</translation>
    </message>
</context>
<context>
    <name>cmfw::HistorySidebar</name>
    <message>
        <source>New conversation</source>
        <translation>Новый диалог</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Поиск диалогов</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Переименовать…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Удалить…</translation>
    </message>
    <message>
        <source>(no messages)</source>
        <translation>(нет сообщений)</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n сообщение</numerusform>
            <numerusform>%n сообщения</numerusform>
            <numerusform>%n сообщений</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop the reply to open another conversation</source>
        <translation>Остановите ответ, чтобы открыть другой диалог</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Удалить диалог</translation>
    </message>
    <message>
        <source>Delete the conversation “%1” and all its branches? This cannot be undone.</source>
        <translation>Удалить диалог «%1» и все его ветки? Это действие нельзя отменить.</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>Переименовать диалог</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Название:</translation>
    </message>
</context>
<context>
    <name>cmfw::ImportDialog</name>
    <message>
        <source>Import %1 — Hugging Face model</source>
        <translation>Импорт %1 — модель Hugging Face</translation>
    </message>
    <message>
        <source>Folder: %1</source>
        <translation>Папка: %1</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Импортировать</translation>
    </message>
    <message>
        <source>Options (cmf convert)</source>
        <translation>Параметры (cmf convert)</translation>
    </message>
    <message>
        <source>Per-tensor overrides</source>
        <translation>Замены по тензорам</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Обзор…</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Выход</translation>
    </message>
    <message>
        <source>CMF files (*.cmf)</source>
        <translation>Файлы CMF (*.cmf)</translation>
    </message>
    <message>
        <source>What will be written</source>
        <translation>Что будет записано</translation>
    </message>
    <message>
        <source>Tensors that get another dtype than the quantization, and why:</source>
        <translation>Тензоры, получающие другой dtype, чем выбранное квантование, и почему:</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Тензор</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>Dtype</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Почему</translation>
    </message>
    <message>
        <source>Choose an output file.</source>
        <translation>Выберите выходной файл.</translation>
    </message>
    <message>
        <source>The output is a folder: give it a file name.</source>
        <translation>Выход — папка: укажите имя файла.</translation>
    </message>
    <message>
        <source>The output&apos;s folder %1 does not exist.</source>
        <translation>Папка выхода %1 не существует.</translation>
    </message>
    <message>
        <source>Preview of the import of %1</source>
        <translation>Предпросмотр импорта %1</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s), %1</source>
        <translation>
            <numerusform>%n тензор, %1</numerusform>
            <numerusform>%n тензора, %1</numerusform>
            <numerusform>%n тензоров, %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Computing the preview…</source>
        <translation>Вычисляется предпросмотр…</translation>
    </message>
    <message>
        <source>Cannot import: %1</source>
        <translation>Импорт невозможен: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (exact)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (точно)</translation>
    </message>
    <message>
        <source>at most &lt;b&gt;%1&lt;/b&gt; (vbit: each row&apos;s width depends on its weights)</source>
        <translation>не больше &lt;b&gt;%1&lt;/b&gt; (vbit: ширина каждой строки зависит от её весов)</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n tensor(s)&lt;/b&gt; from %1 of source weights → %2</source>
        <translation>
            <numerusform>&lt;b&gt;%n тензор&lt;/b&gt; из %1 исходных весов → %2</numerusform>
            <numerusform>&lt;b&gt;%n тензора&lt;/b&gt; из %1 исходных весов → %2</numerusform>
            <numerusform>&lt;b&gt;%n тензоров&lt;/b&gt; из %1 исходных весов → %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Dtypes: %1</source>
        <translation>Dtype: %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>%n shard(s): %1</source>
        <translation>
            <numerusform>%n шард: %1</numerusform>
            <numerusform>%n шарда: %1</numerusform>
            <numerusform>%n шардов: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Every source tensor is part of the text model: none is skipped.</source>
        <translation>Все исходные тензоры относятся к текстовой модели: ничего не пропущено.</translation>
    </message>
    <message numerus="yes">
        <source>Skipped %n source tensor(s), not part of the text model: %1</source>
        <translation>
            <numerusform>Пропущен %n исходный тензор, не из текстовой модели: %1</numerusform>
            <numerusform>Пропущено %n исходных тензора, не из текстовой модели: %1</numerusform>
            <numerusform>Пропущено %n исходных тензоров, не из текстовой модели: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Writes %1</source>
        <translation>Запишет %1</translation>
    </message>
    <message numerus="yes">
        <source>Writes %n shard(s): %1 … %2</source>
        <translation>
            <numerusform>Запишет %n шард: %1 … %2</numerusform>
            <numerusform>Запишет %n шарда: %1 … %2</numerusform>
            <numerusform>Запишет %n шардов: %1 … %2</numerusform>
        </translation>
    </message>
    <message>
        <source>(it exists and will be replaced)</source>
        <translation>(файл существует и будет заменён)</translation>
    </message>
    <message>
        <source>Started: %1</source>
        <translation>Запущено: %1</translation>
    </message>
    <message>
        <source>Cancelled: nothing was written.</source>
        <translation>Отменено: ничего не записано.</translation>
    </message>
    <message>
        <source>The import failed: %1</source>
        <translation>Импорт не удался: %1</translation>
    </message>
    <message>
        <source>Cancel import</source>
        <translation>Отменить импорт</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Отмена…</translation>
    </message>
</context>
<context>
    <name>cmfw::Job</name>
    <message>
        <source>running</source>
        <translation>выполняется</translation>
    </message>
    <message>
        <source>done</source>
        <translation>готово</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message>
        <source>superseded</source>
        <translation>заменено новым</translation>
    </message>
</context>
<context>
    <name>cmfw::JobListModel</name>
    <message>
        <source>starting</source>
        <translation>запуск</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Задача</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Ход выполнения</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Длительность</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
</context>
<context>
    <name>cmfw::JobRunner</name>
    <message>
        <source>hashing tensors</source>
        <translation>хеширование тензоров</translation>
    </message>
    <message>
        <source>sha256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>done</source>
        <translation>готово</translation>
    </message>
    <message>
        <source>decoding</source>
        <translation>декодирование</translation>
    </message>
    <message>
        <source>statistics</source>
        <translation>статистика</translation>
    </message>
    <message>
        <source>histogram</source>
        <translation>гистограмма</translation>
    </message>
    <message>
        <source>opening</source>
        <translation>открытие</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>запись</translation>
    </message>
    <message>
        <source>checking signature</source>
        <translation>проверка подписи</translation>
    </message>
    <message>
        <source>reading tokenizer</source>
        <translation>чтение токенизатора</translation>
    </message>
</context>
<context>
    <name>cmfw::JobsView</name>
    <message>
        <source>Cancel selected</source>
        <translation>Отменить выбранные</translation>
    </message>
    <message>
        <source>Cancel all</source>
        <translation>Отменить все</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>Убрать завершённые</translation>
    </message>
</context>
<context>
    <name>cmfw::KeepRulesEditor</name>
    <message>
        <source>Tensor names matching (regex)</source>
        <translation>Имя тензора (regex)</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>Dtype</translation>
    </message>
    <message>
        <source>Tensors whose name matches a row&apos;s expression get that row&apos;s dtype instead of the quantization; the first matching row wins (cmf convert --keep NAME_REGEX=DTYPE).</source>
        <translation>Тензоры, чьё имя совпадает с выражением строки, получают dtype этой строки вместо квантования; побеждает первая совпавшая строка (cmf convert --keep NAME_REGEX=DTYPE).</translation>
    </message>
    <message>
        <source>Add override</source>
        <translation>Добавить замену</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <source>e.g. mlp\.down_proj</source>
        <translation>напр. mlp\.down_proj</translation>
    </message>
    <message>
        <source>Override %1: “%2” is not a valid regular expression (%3).</source>
        <translation>Замена %1: «%2» — недопустимое регулярное выражение (%3).</translation>
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
        <translation>Откройте файл CMF, чтобы увидеть всё его содержимое: конверт, заголовок, тензоры, маски, навыки, токенизатор и подпись. Перетащите файлы в любое место окна, чтобы открыть их, или на панель «Проверка / подпись», чтобы проверить их целостность.</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>Открыть…</translation>
    </message>
    <message>
        <source>Open the demo model</source>
        <translation>Открыть демо-модель</translation>
    </message>
    <message>
        <source>Recent files:</source>
        <translation>Недавние файлы:</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Задачи</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Журнал</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Открыть…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Открыть &amp;недавние</translation>
    </message>
    <message>
        <source>Open the &amp;demo model</source>
        <translation>Открыть &amp;демо-модель</translation>
    </message>
    <message>
        <source>&amp;Close Tab</source>
        <translation>&amp;Закрыть вкладку</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Выход</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Envelope</source>
        <translation>&amp;Конверт</translation>
    </message>
    <message>
        <source>&amp;Header</source>
        <translation>З&amp;аголовок</translation>
    </message>
    <message>
        <source>&amp;Tensors</source>
        <translation>&amp;Тензоры</translation>
    </message>
    <message>
        <source>&amp;Masks</source>
        <translation>&amp;Маски</translation>
    </message>
    <message>
        <source>S&amp;kills</source>
        <translation>&amp;Навыки</translation>
    </message>
    <message>
        <source>T&amp;okenizer</source>
        <translation>Т&amp;окенизатор</translation>
    </message>
    <message>
        <source>Si&amp;gnature</source>
        <translation>&amp;Подпись</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Инструменты</translation>
    </message>
    <message>
        <source>&amp;Verify</source>
        <translation>&amp;Проверить</translation>
    </message>
    <message>
        <source>Check every hash of the current file and its signature</source>
        <translation>Проверить все хеши текущего файла и его подпись</translation>
    </message>
    <message>
        <source>&amp;Sign…</source>
        <translation>П&amp;одписать…</translation>
    </message>
    <message>
        <source>Write a detached signature beside the current file</source>
        <translation>Записать отдельную подпись рядом с текущим файлом</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>&amp;Настройки…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>&amp;About CMF Workbench</source>
        <translation>&amp;О CMF Workbench</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>О &amp;Qt</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Основная</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(нет)</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>Очистить список</translation>
    </message>
    <message>
        <source>%1 — CMF Workbench</source>
        <translation>%1 — CMF Workbench</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) running</source>
        <translation>
            <numerusform>выполняется %n задача</numerusform>
            <numerusform>выполняются %n задачи</numerusform>
            <numerusform>выполняется %n задач</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not a valid CMF file: %2</source>
        <translation>%1 — некорректный файл CMF: %2</translation>
    </message>
    <message numerus="yes">
        <source>Opened %1 (%2, %n tensor(s)) in %3 ms</source>
        <translation>
            <numerusform>Открыт %1 (%2, %n тензор) за %3 мс</numerusform>
            <numerusform>Открыт %1 (%2, %n тензора) за %3 мс</numerusform>
            <numerusform>Открыт %1 (%2, %n тензоров) за %3 мс</numerusform>
        </translation>
    </message>
    <message>
        <source>Shard set of %1: %2</source>
        <translation>Набор шардов %1: %2</translation>
    </message>
    <message>
        <source>Choose or generate a signing key in the Verify / Sign panel first.</source>
        <translation>Сначала выберите или создайте ключ подписи на панели «Проверка / подпись».</translation>
    </message>
    <message>
        <source>Open CMF files</source>
        <translation>Открыть файлы CMF</translation>
    </message>
    <message>
        <source>CMF files (*.cmf);;All files (*)</source>
        <translation>Файлы CMF (*.cmf);;Все файлы (*)</translation>
    </message>
    <message>
        <source>About CMF Workbench</source>
        <translation>О CMF Workbench</translation>
    </message>
    <message>
        <source>&lt;h3&gt;CMF Workbench %1&lt;/h3&gt;&lt;p&gt;Open, inspect, verify and sign CMF v2 model files.&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;</source>
        <translation>&lt;h3&gt;CMF Workbench %1&lt;/h3&gt;&lt;p&gt;Открытие, просмотр, проверка и подпись файлов моделей CMF v2.&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Jobs are running</source>
        <translation>Задачи выполняются</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) are still running. Cancel them and close?</source>
        <translation>
            <numerusform>Ещё выполняется %n задача. Отменить её и закрыть?</numerusform>
            <numerusform>Ещё выполняются %n задачи. Отменить их и закрыть?</numerusform>
            <numerusform>Ещё выполняется %n задач. Отменить их и закрыть?</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelling jobs…</source>
        <translation>Отмена задач…</translation>
    </message>
    <message>
        <source>&amp;Compare with…</source>
        <translation>&amp;Сравнить с…</translation>
    </message>
    <message>
        <source>Compare the current file with another CMF file: tensors, header and sections</source>
        <translation>Сравнить текущий файл с другим файлом CMF: тензоры, заголовок и секции</translation>
    </message>
    <message>
        <source>C&amp;hat with this model…</source>
        <translation>&amp;Чат с этой моделью…</translation>
    </message>
    <message>
        <source>Talk to the current file (the demo model when none is open) on the CPU engine</source>
        <translation>Побеседовать с текущим файлом (с демо-моделью, если ничего не открыто) на движке для CPU</translation>
    </message>
    <message>
        <source>Comparing %1 with %2</source>
        <translation>Сравнение %1 с %2</translation>
    </message>
    <message>
        <source>Chat opened on %1</source>
        <translation>Открыт чат с %1</translation>
    </message>
    <message>
        <source>Compare %1 with</source>
        <translation>Сравнить %1 с</translation>
    </message>
    <message>
        <source>Ser&amp;ve this model…</source>
        <translation>Запустить &amp;сервер для этой модели…</translation>
    </message>
    <message>
        <source>Serve the current file (the demo model when none is open) to other programs over the OpenAI chat API</source>
        <translation>Сделать текущий файл (демо-модель, если ничего не открыто) доступным другим программам через OpenAI chat API</translation>
    </message>
    <message>
        <source>Serve window opened on %1</source>
        <translation>Окно сервера открыто для %1</translation>
    </message>
    <message>
        <source>O&amp;verview</source>
        <translation>О&amp;бзор</translation>
    </message>
    <message>
        <source>%1 has no %2 page</source>
        <translation>У %1 нет страницы «%2»</translation>
    </message>
    <message>
        <source>&amp;Bit allocation</source>
        <translation>&amp;Распределение битов</translation>
    </message>
    <message>
        <source>T&amp;asks &amp;&amp; skills</source>
        <translation>&amp;Задачи и навыки</translation>
    </message>
    <message>
        <source>Expert &amp;routing</source>
        <translation>Маршрутизация &amp;экспертов</translation>
    </message>
    <message>
        <source>&amp;Quantization error</source>
        <translation>&amp;Ошибка квантования</translation>
    </message>
    <message>
        <source>Shar&amp;ds</source>
        <translation>Ша&amp;рды</translation>
    </message>
    <message>
        <source>&amp;Find tensor…</source>
        <translation>&amp;Найти тензор…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Закрыть</translation>
    </message>
    <message>
        <source>Close &amp;Others</source>
        <translation>Закрыть &amp;остальные</translation>
    </message>
    <message>
        <source>Copy &amp;Path</source>
        <translation>Копировать &amp;путь</translation>
    </message>
    <message>
        <source>Show in &amp;Folder</source>
        <translation>Показать в &amp;папке</translation>
    </message>
    <message>
        <source>&amp;Import Hugging Face model…</source>
        <translation>&amp;Импорт модели Hugging Face…</translation>
    </message>
    <message>
        <source>Ignored the dropped folder: %1.</source>
        <translation>Перетащенная папка пропущена: %1.</translation>
    </message>
    <message>
        <source>Import a Hugging Face model folder</source>
        <translation>Импорт папки модели Hugging Face</translation>
    </message>
    <message>
        <source>Not a Hugging Face model</source>
        <translation>Не модель Hugging Face</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
    <message>
        <source>No file is open.</source>
        <translation>Нет открытого файла.</translation>
    </message>
    <message>
        <source>Mea&amp;sure</source>
        <translation>&amp;Измерения</translation>
    </message>
    <message>
        <source>Arc&amp;hitecture</source>
        <translation>&amp;Архитектура</translation>
    </message>
    <message>
        <source>Tokenizer &amp;playground</source>
        <translation>П&amp;есочница токенизатора</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Сочетания клавиш</translation>
    </message>
    <message>
        <source>Chat window</source>
        <translation>Окно чата</translation>
    </message>
</context>
<context>
    <name>cmfw::MaskBitmapPanel</name>
    <message>
        <source>inactive</source>
        <translation>неактивно</translation>
    </message>
    <message>
        <source>active</source>
        <translation>активно</translation>
    </message>
    <message>
        <source>sparsity</source>
        <translation>разреженность</translation>
    </message>
    <message>
        <source>%1 in %2; %3 has %4 of %5 active (sparsity %6)</source>
        <translation>%1 в %2; %3: активно %4 из %5 (разреженность %6)</translation>
    </message>
    <message>
        <source>neither</source>
        <translation>ни в одной</translation>
    </message>
    <message>
        <source>only %1</source>
        <translation>только %1</translation>
    </message>
    <message>
        <source>both</source>
        <translation>в обеих</translation>
    </message>
    <message>
        <source>differ</source>
        <translation>различия</translation>
    </message>
    <message>
        <source>FFN neuron</source>
        <translation>нейрон FFN</translation>
    </message>
    <message>
        <source>head</source>
        <translation>голова</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>эксперт</translation>
    </message>
    <message>
        <source>FFN neurons of “%1”: %2 of %3 active</source>
        <translation>Нейроны FFN «%1»: активно %2 из %3</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>Различие</translation>
    </message>
    <message>
        <source>Heads and gate</source>
        <translation>Головы и вентиль</translation>
    </message>
    <message>
        <source>gate</source>
        <translation>вентиль</translation>
    </message>
    <message>
        <source>head %1 of %2 %3 is %4 in %5</source>
        <translation>голова %1 (%2 %3) в %5: %4</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>замаскировано</translation>
    </message>
    <message>
        <source>%1 %2 runs in %3</source>
        <translation>%1 %2 выполняется в %3</translation>
    </message>
    <message>
        <source>%1 %2 is skipped in %3 (its gate is off)</source>
        <translation>%1 %2 пропускается в %3 (его вентиль выключен)</translation>
    </message>
    <message>
        <source>Routable experts</source>
        <translation>Маршрутизируемые эксперты</translation>
    </message>
    <message>
        <source>“%1” has no expert area: every expert stays routable (§5).</source>
        <translation>У «%1» нет области экспертов: все эксперты остаются маршрутизируемыми (§5).</translation>
    </message>
</context>
<context>
    <name>cmfw::MasksView</name>
    <message>
        <source>NOT MEASURED</source>
        <translation>НЕ ИЗМЕРЕНО</translation>
    </message>
    <message>
        <source>Masks</source>
        <translation>Маски</translation>
    </message>
    <message>
        <source>This file has no masks section (masks_off = 0). Task masks are bit fields over the shared weights that say which FFN neurons, attention heads, layers and experts are active for a task, without changing any weight (spec §5).</source>
        <translation>В этом файле нет секции масок (masks_off = 0). Маски задач — это битовые поля поверх общих весов: они указывают, какие нейроны FFN, головы внимания, слои и эксперты активны для задачи, не меняя ни одного веса (спецификация, §5).</translation>
    </message>
    <message numerus="yes">
        <source>%n mask(s) in %1 at offset %2; default task: %3.</source>
        <translation>
            <numerusform>%n маска, %1 по смещению %2; задача по умолчанию: %3.</numerusform>
            <numerusform>%n маски, %1 по смещению %2; задача по умолчанию: %3.</numerusform>
            <numerusform>%n масок, %1 по смещению %2; задача по умолчанию: %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Each mask has %1 rows of %2 FFN bits, %3 head bits, %4 layer gates</source>
        <translation>В каждой маске %1 строк по %2 бит FFN, %3 бит голов, %4 вентилей слоёв</translation>
    </message>
    <message>
        <source>and %1 expert bits per row.</source>
        <translation>и %1 бит экспертов на строку.</translation>
    </message>
    <message>
        <source>LOOP_MASKS: rows are per visit of a looped transformer.</source>
        <translation>LOOP_MASKS: строки соответствуют проходам зацикленного трансформера.</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Задача</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Sparsity</source>
        <translation>Разреженность</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>Качество</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Приоритет</translation>
    </message>
    <message>
        <source>Parent</source>
        <translation>Родитель</translation>
    </message>
    <message>
        <source>Blob offset</source>
        <translation>Смещение блока</translation>
    </message>
    <message>
        <source>Blob bytes</source>
        <translation>Байт в блоке</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>Эксперты</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>Строка</translation>
    </message>
    <message>
        <source>on</source>
        <translation>вкл</translation>
    </message>
    <message>
        <source>off</source>
        <translation>выкл</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(нет)</translation>
    </message>
    <message>
        <source>Task:</source>
        <translation>Задача:</translation>
    </message>
    <message>
        <source>compared with:</source>
        <translation>сравнить с:</translation>
    </message>
    <message>
        <source>Per layer</source>
        <translation>По слоям</translation>
    </message>
    <message>
        <source>FFN</source>
        <translation>FFN</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>Головы</translation>
    </message>
    <message>
        <source>Gate</source>
        <translation>Вентиль</translation>
    </message>
    <message numerus="yes">
        <source>Sparse index: %n entry(ies) (task × layer) in %1: %2 active FFN groups and %3 active heads in total. Deprecation-pending: engines read the mask bits directly (§7).</source>
        <translation>
            <numerusform>Разреженный индекс: %n запись (задача × слой), %1: всего %2 активных групп FFN и %3 активных голов. Ожидает упразднения: движки читают биты масок напрямую (§7).</numerusform>
            <numerusform>Разреженный индекс: %n записи (задача × слой), %1: всего %2 активных групп FFN и %3 активных голов. Ожидает упразднения: движки читают биты масок напрямую (§7).</numerusform>
            <numerusform>Разреженный индекс: %n записей (задача × слой), %1: всего %2 активных групп FFN и %3 активных голов. Ожидает упразднения: движки читают биты масок напрямую (§7).</numerusform>
        </translation>
    </message>
    <message>
        <source>No sparse index (index_off = 0); writers should no longer emit it (§7).</source>
        <translation>Разреженного индекса нет (index_off = 0); писателям больше не следует его создавать (§7).</translation>
    </message>
    <message>
        <source>visit</source>
        <translation>проход</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>слой</translation>
    </message>
</context>
<context>
    <name>cmfw::MeasureJobs</name>
    <message>
        <source>perplexity %1 over %2 tokens</source>
        <translation>перплексия %1 на %2 токенах</translation>
    </message>
    <message>
        <source>, KL %1, top-1 %2 %</source>
        <translation>, KL %1, top-1 %2 %</translation>
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
        <translation>задача %1</translation>
    </message>
    <message>
        <source>skill %1</source>
        <translation>навык %1</translation>
    </message>
    <message>
        <source>dense</source>
        <translation>плотная</translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation>перплексия</translation>
    </message>
    <message>
        <source>speed</source>
        <translation>скорость</translation>
    </message>
    <message>
        <source>Speed (cmf bench)</source>
        <translation>Скорость (cmf bench)</translation>
    </message>
    <message>
        <source>all cores</source>
        <translation>все ядра</translation>
    </message>
    <message>
        <source>Prompt tokens (pp)</source>
        <translation>Токенов промпта (pp)</translation>
    </message>
    <message>
        <source>Decoded tokens (tg)</source>
        <translation>Декодируемых токенов (tg)</translation>
    </message>
    <message>
        <source>Repetitions</source>
        <translation>Повторения</translation>
    </message>
    <message>
        <source>Tokens in the cache before (depth)</source>
        <translation>Токенов в кэше заранее (depth)</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Потоки</translation>
    </message>
    <message>
        <source>Run speed test</source>
        <translation>Запустить тест скорости</translation>
    </message>
    <message>
        <source>Perplexity (cmf ppl)</source>
        <translation>Перплексия (cmf ppl)</translation>
    </message>
    <message>
        <source>a text file, or paste the text below</source>
        <translation>текстовый файл, или вставьте текст ниже</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Обзор…</translation>
    </message>
    <message>
        <source>Text file</source>
        <translation>Текстовый файл</translation>
    </message>
    <message>
        <source>Text to score, when no file is given</source>
        <translation>Текст для оценки, если файл не указан</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Текст</translation>
    </message>
    <message>
        <source>stride</source>
        <translation>шаг</translation>
    </message>
    <message>
        <source>Window (ctx)</source>
        <translation>Окно (ctx)</translation>
    </message>
    <message>
        <source>optional: a model to measure KL divergence from</source>
        <translation>необязательно: модель, относительно которой измеряется KL-дивергенция</translation>
    </message>
    <message>
        <source>KL reference</source>
        <translation>Эталон для KL</translation>
    </message>
    <message>
        <source>Run perplexity</source>
        <translation>Запустить перплексию</translation>
    </message>
    <message>
        <source>Run under</source>
        <translation>Запускать с</translation>
    </message>
    <message>
        <source>(dense)</source>
        <translation>(плотная)</translation>
    </message>
    <message>
        <source>(backbone)</source>
        <translation>(основа)</translation>
    </message>
    <message>
        <source>auto (routed on the text)</source>
        <translation>авто (маршрутизация по тексту)</translation>
    </message>
    <message>
        <source>Task mask</source>
        <translation>Маска задачи</translation>
    </message>
    <message>
        <source>Skill</source>
        <translation>Навык</translation>
    </message>
    <message>
        <source>Both tests run under this choice; a KL reference runs dense on its backbone.</source>
        <translation>Оба теста запускаются с этим выбором; эталон для KL запускается плотным на своей основе.</translation>
    </message>
    <message>
        <source>No test running.</source>
        <translation>Тест не выполняется.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Когда</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Тест</translation>
    </message>
    <message>
        <source>Under</source>
        <translation>Режим</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>KL / top-1</source>
        <translation>KL / top-1</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Секунды</translation>
    </message>
    <message>
        <source>Compare two results</source>
        <translation>Сравнить два результата</translation>
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
        <translation>Показатель</translation>
    </message>
    <message>
        <source>B / A</source>
        <translation>B / A</translation>
    </message>
    <message>
        <source>Text to score</source>
        <translation>Текст для оценки</translation>
    </message>
    <message>
        <source>Reference model</source>
        <translation>Эталонная модель</translation>
    </message>
    <message>
        <source>CMF files (*.cmf)</source>
        <translation>Файлы CMF (*.cmf)</translation>
    </message>
    <message>
        <source>Speed of %1</source>
        <translation>Скорость %1</translation>
    </message>
    <message>
        <source>speed test</source>
        <translation>тест скорости</translation>
    </message>
    <message>
        <source>Give a text file or paste a text to score.</source>
        <translation>Укажите текстовый файл или вставьте текст для оценки.</translation>
    </message>
    <message>
        <source>Perplexity of %1</source>
        <translation>Перплексия %1</translation>
    </message>
    <message>
        <source>KL divergence of %1 from %2</source>
        <translation>KL-дивергенция %1 относительно %2</translation>
    </message>
    <message>
        <source>KL divergence</source>
        <translation>KL-дивергенция</translation>
    </message>
    <message>
        <source>Running the %1…</source>
        <translation>Выполняется %1…</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Ошибка: %1</translation>
    </message>
    <message>
        <source>Done in %1 s.</source>
        <translation>Готово за %1 с.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Отменено.</translation>
    </message>
    <message>
        <source>Cannot keep the result in %1</source>
        <translation>Не удаётся сохранить результат в %1</translation>
    </message>
    <message>
        <source>pasted text</source>
        <translation>вставленный текст</translation>
    </message>
    <message>
        <source>%1, %2 tokens, ctx %3 / stride %4</source>
        <translation>%1, токенов: %2, ctx %3 / шаг %4</translation>
    </message>
    <message>
        <source>perplexity %1</source>
        <translation>перплексия %1</translation>
    </message>
    <message>
        <source>%1 / %2 % vs %3</source>
        <translation>%1 / %2 % против %3</translation>
    </message>
    <message>
        <source>pp%1 tg%2 depth %3, ×%4, %5 threads</source>
        <translation>pp%1 tg%2 depth %3, ×%4, потоков: %5</translation>
    </message>
    <message>
        <source>Perplexity per window: run a perplexity test</source>
        <translation>Перплексия по окнам: запустите тест перплексии</translation>
    </message>
    <message>
        <source>window</source>
        <translation>окно</translation>
    </message>
    <message>
        <source>KL (nats)</source>
        <translation>KL (наты)</translation>
    </message>
    <message>
        <source>Perplexity per window (%1, %2)</source>
        <translation>Перплексия по окнам (%1, %2)</translation>
    </message>
    <message>
        <source>prefill tok/s</source>
        <translation>предзаполнение, tok/s</translation>
    </message>
    <message>
        <source>decode tok/s</source>
        <translation>декодирование, tok/s</translation>
    </message>
    <message>
        <source>Speed across runs: run a speed test</source>
        <translation>Скорость по запускам: запустите тест скорости</translation>
    </message>
    <message>
        <source>run</source>
        <translation>запуск</translation>
    </message>
    <message>
        <source>tok/s</source>
        <translation>tok/s</translation>
    </message>
    <message>
        <source>Speed across runs</source>
        <translation>Скорость по запускам</translation>
    </message>
    <message>
        <source>Perplexity</source>
        <translation>Перплексия</translation>
    </message>
    <message>
        <source>NLL per token</source>
        <translation>NLL на токен</translation>
    </message>
    <message>
        <source>KL divergence (nats per token)</source>
        <translation>KL-дивергенция (натов на токен)</translation>
    </message>
    <message>
        <source>KL divergence, 99th percentile</source>
        <translation>KL-дивергенция, 99-й перцентиль</translation>
    </message>
    <message>
        <source>Top-1 agreement</source>
        <translation>Совпадение top-1</translation>
    </message>
    <message>
        <source>Reference perplexity</source>
        <translation>Эталонная перплексия</translation>
    </message>
    <message>
        <source>Tokens predicted</source>
        <translation>Предсказано токенов</translation>
    </message>
    <message>
        <source>Prefill tok/s</source>
        <translation>Предзаполнение, tok/s</translation>
    </message>
    <message>
        <source>Decode tok/s</source>
        <translation>Декодирование, tok/s</translation>
    </message>
    <message>
        <source>Decode reads GB/s</source>
        <translation>Чтение при декодировании, GB/s</translation>
    </message>
    <message>
        <source>Bytes read per decoded token</source>
        <translation>Байт прочитано на декодированный токен</translation>
    </message>
</context>
<context>
    <name>cmfw::OperationDialog</name>
    <message>
        <source>Input: %1</source>
        <translation>Вход: %1</translation>
    </message>
    <message>
        <source>Task name</source>
        <translation>Имя задачи</translation>
    </message>
    <message>
        <source>Corpus files (;-separated)</source>
        <translation>Файлы корпуса (через ;)</translation>
    </message>
    <message>
        <source>Held-out text (quality)</source>
        <translation>Отложенный текст (качество)</translation>
    </message>
    <message>
        <source>Keep fraction</source>
        <translation>Сохраняемая доля</translation>
    </message>
    <message>
        <source>Skill id</source>
        <translation>Id навыка</translation>
    </message>
    <message>
        <source>Donor folder (Hugging Face)</source>
        <translation>Папка донора (Hugging Face)</translation>
    </message>
    <message>
        <source>Example prompts</source>
        <translation>Примеры промптов</translation>
    </message>
    <message>
        <source>Backbone prompts (optional)</source>
        <translation>Промпты для основы (необязательно)</translation>
    </message>
    <message>
        <source>Base model</source>
        <translation>Базовая модель</translation>
    </message>
    <message>
        <source>Skill file</source>
        <translation>Файл навыка</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Задача</translation>
    </message>
    <message>
        <source>Route statistics (JSON)</source>
        <translation>Статистика маршрутизации (JSON)</translation>
    </message>
    <message>
        <source>Cover</source>
        <translation>Покрытие</translation>
    </message>
    <message>
        <source>Text files (;-separated)</source>
        <translation>Текстовые файлы (через ;)</translation>
    </message>
    <message>
        <source>Only tensors matching (regex)</source>
        <translation>Только тензоры по шаблону (регулярное выражение)</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Выходной файл</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Запустить</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Обзор…</translation>
    </message>
    <message>
        <source>Choose files</source>
        <translation>Выберите файлы</translation>
    </message>
    <message>
        <source>Choose a folder</source>
        <translation>Выберите папку</translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation>Выберите файл</translation>
    </message>
    <message>
        <source>Choose an output file.</source>
        <translation>Выберите выходной файл.</translation>
    </message>
    <message>
        <source>The output must be a new file: the open one is never overwritten.</source>
        <translation>Выходной файл должен быть новым: открытый файл никогда не перезаписывается.</translation>
    </message>
    <message>
        <source>Fill in every field.</source>
        <translation>Заполните все поля.</translation>
    </message>
    <message>
        <source>A held-out text is needed: quality is measured, never declared.</source>
        <translation>Нужен отложенный текст: качество измеряется, а не декларируется.</translation>
    </message>
    <message>
        <source>No such file: %1</source>
        <translation>Нет такого файла: %1</translation>
    </message>
    <message>
        <source>Writes %1</source>
        <translation>Будет записан %1</translation>
    </message>
    <message>
        <source>The output is a folder: give it a file name.</source>
        <translation>Выход — это папка: укажите имя файла.</translation>
    </message>
    <message>
        <source>“%1” is not a valid regular expression (%2).</source>
        <translation>«%1» — недопустимое регулярное выражение (%2).</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Writes %1 (one shard: every tensor fits)</source>
        <translation>Запишет %1 (один шард: все тензоры помещаются)</translation>
    </message>
    <message numerus="yes">
        <source>Writes %n shard(s): %1 … %2</source>
        <translation>
            <numerusform>Запишет %n шард: %1 … %2</numerusform>
            <numerusform>Запишет %n шарда: %1 … %2</numerusform>
            <numerusform>Запишет %n шардов: %1 … %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot plan the shards: %1</source>
        <translation>Не удаётся спланировать шарды: %1</translation>
    </message>
    <message>
        <source>task</source>
        <translation>задача</translation>
    </message>
    <message>
        <source>skill</source>
        <translation>навык</translation>
    </message>
    <message>
        <source>“%1” is not a task of this file; its tasks are: %2.</source>
        <translation>«%1» — не задача этого файла; его задачи: %2.</translation>
    </message>
    <message>
        <source>%1 must be a number in (0, 1]; “%2” is not.</source>
        <translation>%1 должна быть числом в (0, 1]; «%2» — нет.</translation>
    </message>
    <message>
        <source>The keep fraction</source>
        <translation>Доля сохраняемого</translation>
    </message>
    <message>
        <source>“%1” is not a valid %2 id: use letters, digits, - and _.</source>
        <translation>«%1» — недопустимый идентификатор (%2): используйте буквы, цифры, - и _.</translation>
    </message>
    <message>
        <source>The file already has a %1 named “%2” (it has: %3); choose a new name.</source>
        <translation>В файле уже есть %1 с именем «%2» (есть: %3); выберите новое имя.</translation>
    </message>
</context>
<context>
    <name>cmfw::OverviewView</name>
    <message>
        <source>%1 B</source>
        <translation>%1 млрд</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 млн</translation>
    </message>
    <message>
        <source>%1 K</source>
        <translation>%1 тыс.</translation>
    </message>
    <message>
        <source>not in the header</source>
        <translation>нет в заголовке</translation>
    </message>
    <message>
        <source>full</source>
        <translation>полное</translation>
    </message>
    <message>
        <source>sliding window</source>
        <translation>скользящее окно</translation>
    </message>
    <message>
        <source>linear (gated delta rule)</source>
        <translation>линейное (gated delta rule)</translation>
    </message>
    <message>
        <source>model</source>
        <translation>модель</translation>
    </message>
    <message>
        <source>%1 — a %2 model</source>
        <translation>%1 — модель %2</translation>
    </message>
    <message>
        <source>%1 parameters · %2 · %3 bits per weight</source>
        <translation>%1 параметров · %2 · %3 бит на вес</translation>
    </message>
    <message>
        <source>Chat…</source>
        <translation>Чат…</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>Проверить</translation>
    </message>
    <message>
        <source>Compare with…</source>
        <translation>Сравнить с…</translation>
    </message>
    <message>
        <source>Envelope and sections</source>
        <translation>Конверт и секции</translation>
    </message>
    <message>
        <source>Talk to this model on the CPU engine, in a window of its own</source>
        <translation>Поговорить с этой моделью на движке CPU в отдельном окне</translation>
    </message>
    <message>
        <source>Not a runnable model: the header has no arch</source>
        <translation>Модель нельзя запустить: в заголовке нет arch</translation>
    </message>
    <message>
        <source>Check every hash of the file and its signature</source>
        <translation>Проверить все хеши файла и его подпись</translation>
    </message>
    <message>
        <source>Compare this file with another CMF file: tensors, header and sections</source>
        <translation>Сравнить этот файл с другим файлом CMF: тензоры, заголовок и секции</translation>
    </message>
    <message>
        <source>Task masks and skills: their quality, and the jobs that make, apply and export them</source>
        <translation>Маски задач и навыки: их качество и задания, которые их создают, применяют и экспортируют</translation>
    </message>
    <message>
        <source>The envelope: where every section of the file lies, byte for byte</source>
        <translation>Конверт: где лежит каждая секция файла, байт в байт</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Архитектура</translation>
    </message>
    <message>
        <source>Size and precision</source>
        <translation>Размер и точность</translation>
    </message>
    <message>
        <source>Tokenizer and chat</source>
        <translation>Токенизатор и чат</translation>
    </message>
    <message>
        <source>Task masks and skills</source>
        <translation>Маски задач и навыки</translation>
    </message>
    <message>
        <source>Signature and memory</source>
        <translation>Подпись и память</translation>
    </message>
    <message>
        <source>Family</source>
        <translation>Семейство</translation>
    </message>
    <message>
        <source>not named (no arch_name)</source>
        <translation>без имени (нет arch_name)</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Слои</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>Скрытый размер</translation>
    </message>
    <message>
        <source>%1 query, %2 key/value</source>
        <translation>%1 запроса, %2 ключа/значения</translation>
    </message>
    <message>
        <source>%1 wide</source>
        <translation>ширина %1</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>Головы внимания</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>window %1 tokens</source>
        <translation>окно %1 токенов</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Внимание</translation>
    </message>
    <message>
        <source>no layers</source>
        <translation>нет слоёв</translation>
    </message>
    <message>
        <source>Experts (MoE)</source>
        <translation>Эксперты (MoE)</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Длина контекста</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 токенов</translation>
    </message>
    <message>
        <source>Draft head (MTP)</source>
        <translation>Черновая голова (MTP)</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s)</source>
        <translation>
            <numerusform>%n слой</numerusform>
            <numerusform>%n слоя</numerusform>
            <numerusform>%n слоёв</numerusform>
        </translation>
    </message>
    <message>
        <source>Shard</source>
        <translation>Шард</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Параметры</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>File size</source>
        <translation>Размер файла</translation>
    </message>
    <message>
        <source>%1 (%2 bytes)</source>
        <translation>%1 (%2 байт)</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>Тензоры</translation>
    </message>
    <message>
        <source>Bits per weight</source>
        <translation>Бит на вес</translation>
    </message>
    <message>
        <source>quant_type</source>
        <translation>quant_type</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>Токенизатор</translation>
    </message>
    <message>
        <source>reading %1 of tokenizer.json…</source>
        <translation>чтение %1 tokenizer.json…</translation>
    </message>
    <message>
        <source>Vocabulary (arch)</source>
        <translation>Словарь (arch)</translation>
    </message>
    <message>
        <source>no arch</source>
        <translation>нет arch</translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation>Шаблон чата</translation>
    </message>
    <message>
        <source>yes, in the file</source>
        <translation>да, в файле</translation>
    </message>
    <message>
        <source>Generation defaults</source>
        <translation>Параметры генерации по умолчанию</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more on the Tasks &amp; skills page</source>
        <translation>
            <numerusform>… и ещё %n на странице «Задачи и навыки»</numerusform>
            <numerusform>… и ещё %n на странице «Задачи и навыки»</numerusform>
            <numerusform>… и ещё %n на странице «Задачи и навыки»</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2 of the FFN off; quality: %3</source>
        <translation>%1 — отключено %2 FFN; качество: %3</translation>
    </message>
    <message>
        <source>Masks (%1)</source>
        <translation>Маски (%1)</translation>
    </message>
    <message>
        <source>none: the file has no masks section</source>
        <translation>нет: в файле нет секции масок</translation>
    </message>
    <message>
        <source>A mask marked “not measured” has no recorded quality (§5.1): check it before relying on it</source>
        <translation>У маски с пометкой «не измерено» нет записанного качества (§5.1): проверьте её, прежде чем полагаться на неё</translation>
    </message>
    <message>
        <source>%1 — quality: %2</source>
        <translation>%1 — качество: %2</translation>
    </message>
    <message>
        <source>Skills (%1)</source>
        <translation>Навыки (%1)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Проверить</translation>
    </message>
    <message>
        <source>Hash the whole file and check %1.sig beside it</source>
        <translation>Вычислить хеш всего файла и проверить %1.sig рядом с ним</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>Подпись</translation>
    </message>
    <message>
        <source>no estimate: %1</source>
        <translation>нет оценки: %1</translation>
    </message>
    <message>
        <source>%1 weights + %2 KV cache</source>
        <translation>%1 весов + %2 KV-кэша</translation>
    </message>
    <message>
        <source>no budget: %1</source>
        <translation>нет бюджета: %1</translation>
    </message>
    <message>
        <source>Memory to chat</source>
        <translation>Память для чата</translation>
    </message>
    <message>
        <source>Read tokenizer of %1</source>
        <translation>Чтение токенизатора %1</translation>
    </message>
    <message>
        <source>could not read it: %1</source>
        <translation>не удалось прочитать: %1</translation>
    </message>
    <message>
        <source>unreadable: %1</source>
        <translation>не читается: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1, %2 tokens (%n added)</source>
        <translation>
            <numerusform>%1, %2 токенов (%n добавлен)</numerusform>
            <numerusform>%1, %2 токенов (%n добавлено)</numerusform>
            <numerusform>%1, %2 токенов (%n добавлено)</numerusform>
        </translation>
    </message>
    <message>
        <source>unnamed model</source>
        <translation>модель без имени</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>проверка…</translation>
    </message>
    <message>
        <source>Check signature of %1</source>
        <translation>Проверка подписи %1</translation>
    </message>
    <message>
        <source>no signature</source>
        <translation>нет подписи</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>действительна</translation>
    </message>
    <message>
        <source>INVALID</source>
        <translation>НЕДЕЙСТВИТЕЛЬНА</translation>
    </message>
    <message>
        <source>Tasks &amp;&amp; skills</source>
        <translation>Задачи &amp;&amp; навыки</translation>
    </message>
    <message>
        <source>none: the header has no arch,
so this is not a runnable model</source>
        <translation>нет: в заголовке нет arch,
эту модель нельзя запустить</translation>
    </message>
    <message>
        <source>none (dense FFN, %1 wide)</source>
        <translation>нет (плотный FFN, ширина %1)</translation>
    </message>
    <message>
        <source>%1 experts, top-%2, shared expert</source>
        <translation>%1 экспертов, top-%2, общий эксперт</translation>
    </message>
    <message>
        <source>%1 experts, top-%2</source>
        <translation>%1 экспертов, top-%2</translation>
    </message>
    <message>
        <source>%1 of %2, the set complete</source>
        <translation>%1 из %2, набор полный</translation>
    </message>
    <message>
        <source>%1 of %2, the set did not open:
the numbers are this shard&apos;s</source>
        <translation>%1 из %2, набор не открылся:
числа — этого шарда</translation>
    </message>
    <message>
        <source>%1 (%2) in the set
%3 in this shard</source>
        <translation>%1 (%2) в наборе
%3 в этом шарде</translation>
    </message>
    <message>
        <source>%1 (%2 bytes)
the set: %3</source>
        <translation>%1 (%2 байт)
набор: %3</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2, %n tensor(s)</source>
        <translation>
            <numerusform>%1: %2, %n тензор</numerusform>
            <numerusform>%1: %2, %n тензора</numerusform>
            <numerusform>%1: %2, %n тензоров</numerusform>
        </translation>
    </message>
    <message>
        <source>Dtype mix (bytes)</source>
        <translation>Смесь типов (байты)</translation>
    </message>
    <message>
        <source>none (no vocab section):
no chat, no text</source>
        <translation>нет (нет секции vocab):
ни чата, ни текста</translation>
    </message>
    <message>
        <source>none: runtimes use ChatML</source>
        <translation>нет: среды выполнения используют ChatML</translation>
    </message>
    <message>
        <source>%1 at a %2-token context</source>
        <translation>%1 при контексте %2 токенов</translation>
    </message>
    <message>
        <source>+ %1 recurrent state</source>
        <translation>+ %1 рекуррентного состояния</translation>
    </message>
    <message>
        <source>more than this machine can give: %1</source>
        <translation>больше, чем может дать эта машина: %1</translation>
    </message>
    <message>
        <source>this machine can give %1</source>
        <translation>эта машина может дать %1</translation>
    </message>
    <message>
        <source>What bounds it: %1</source>
        <translation>Чем ограничено: %1</translation>
    </message>
    <message>
        <source>The chat window&apos;s default context, the backbone without a task mask, as the engine estimates it before loading (cmf info --json &quot;memory&quot;)</source>
        <translation>Контекст окна чата по умолчанию, основная модель без маски задачи, по оценке движка до загрузки (cmf info --json &quot;memory&quot;)</translation>
    </message>
    <message>
        <source>could not check</source>
        <translation>не удалось проверить</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>не проверена</translation>
    </message>
    <message>
        <source>Checking hashes the whole file: press Check</source>
        <translation>Проверка хеширует весь файл: нажмите «Проверить»</translation>
    </message>
    <message>
        <source>not signed</source>
        <translation>не подписан</translation>
    </message>
    <message>
        <source>There is no %1 beside the file</source>
        <translation>Рядом с файлом нет %1</translation>
    </message>
    <message>
        <source>valid, signed by %1
(a trusted signer)</source>
        <translation>действительна, подписал %1
(доверенный подписант)</translation>
    </message>
    <message>
        <source>valid; the signer is not
in your trusted keys</source>
        <translation>действительна; подписанта нет
среди ваших доверенных ключей</translation>
    </message>
    <message>
        <source>Anyone can make a valid signature with their own key: see the Signature page to trust this one</source>
        <translation>Любой может сделать действительную подпись своим ключом: чтобы доверять этому, откройте страницу «Подпись»</translation>
    </message>
    <message>
        <source>none in the file: chats start from the workbench&apos;s defaults, cmf run is greedy</source>
        <translation>в файле нет: чат начинается со значений программы, cmf run — жадный</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>сэмплирует</translation>
    </message>
    <message>
        <source>greedy (do_sample false)</source>
        <translation>жадный (do_sample false)</translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation>температура %1</translation>
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
        <translation>штраф за повтор %1</translation>
    </message>
    <message>
        <source>stops at ids %1</source>
        <translation>останавливается на id %1</translation>
    </message>
</context>
<context>
    <name>cmfw::PlaygroundView</name>
    <message>
        <source>normal</source>
        <translation>обычный</translation>
    </message>
    <message>
        <source>special</source>
        <translation>специальный</translation>
    </message>
    <message>
        <source>added</source>
        <translation>добавленный</translation>
    </message>
    <message>
        <source>byte fallback</source>
        <translation>байтовый запасной</translation>
    </message>
    <message>
        <source>Hello, world! Tokenizers split text into pieces: &quot;unbelievably&quot; and 1234567 too.
Ünïcödé, 日本語 and emoji 🙂 take several bytes.</source>
        <translation>Привет, мир! Токенизаторы делят текст на части: «невероятно» и 1234567 тоже.
Ünïcödé, 日本語 и эмодзи 🙂 занимают несколько байтов.</translation>
    </message>
    <message>
        <source>Tokenizer playground</source>
        <translation>Песочница токенизатора</translation>
    </message>
    <message>
        <source>Reading tokenizer.json…</source>
        <translation>Чтение tokenizer.json…</translation>
    </message>
    <message>
        <source>Encode</source>
        <translation>Кодирование</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>Декодирование</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>Словарь</translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation>Шаблон чата</translation>
    </message>
    <message>
        <source>This file has no tokenizer section (vocab_off = 0): there is nothing to try.</source>
        <translation>В этом файле нет секции токенизатора (vocab_off = 0): пробовать нечего.</translation>
    </message>
    <message>
        <source>Load tokenizer playground for %1</source>
        <translation>Загрузка песочницы токенизатора для %1</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 токенов</translation>
    </message>
    <message>
        <source>Could not read the tokenizer: %1</source>
        <translation>Не удалось прочитать токенизатор: %1</translation>
    </message>
    <message>
        <source>Type or paste text to tokenize</source>
        <translation>Введите или вставьте текст для токенизации</translation>
    </message>
    <message>
        <source>Add special tokens (BOS, [CLS]…)</source>
        <translation>Добавлять специальные токены (BOS, [CLS]…)</translation>
    </message>
    <message>
        <source>The post-processor&apos;s tokens, as cmf tokenize adds them unless --no-add-special</source>
        <translation>Токены постпроцессора, которые cmf tokenize добавляет, если не указан --no-add-special</translation>
    </message>
    <message>
        <source>Recognise special tokens in the text</source>
        <translation>Распознавать специальные токены в тексте</translation>
    </message>
    <message>
        <source>Off: special-token text such as &lt;|im_end|&gt; is tokenized as ordinary text (cmf tokenize --split-special)</source>
        <translation>Выкл.: текст специальных токенов, например &lt;|im_end|&gt;, токенизируется как обычный текст (cmf tokenize --split-special)</translation>
    </message>
    <message>
        <source>Show ids</source>
        <translation>Показывать id</translation>
    </message>
    <message>
        <source>Ids</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Token ids separated by commas or spaces, or a JSON array, decoded as cmf tokenize --decode does.</source>
        <translation>Id токенов через запятые или пробелы либо JSON-массив; декодируются так же, как в cmf tokenize --decode.</translation>
    </message>
    <message>
        <source>e.g. 9707, 1879 or [9707, 1879]</source>
        <translation>например, 9707, 1879 или [9707, 1879]</translation>
    </message>
    <message>
        <source>Skip special tokens</source>
        <translation>Пропускать специальные токены</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Текст</translation>
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
        <translation>Текст: подстрока токена или его декодированного вида; Id: один id; Regex: регулярное выражение, которое ищется в обоих</translation>
    </message>
    <message>
        <source>Search the vocabulary</source>
        <translation>Поиск по словарю</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Роль</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>Содержимое</translation>
    </message>
    <message>
        <source>Add message</source>
        <translation>Добавить сообщение</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <source>Add generation prompt</source>
        <translation>Добавить приглашение к генерации</translation>
    </message>
    <message>
        <source>You are a helpful assistant.</source>
        <translation>Ты — полезный ассистент.</translation>
    </message>
    <message>
        <source>What does the word anchor mean?</source>
        <translation>Что означает слово «якорь»?</translation>
    </message>
    <message>
        <source>%1 tokenizer, %2 ids (%3 special). The same code as cmf tokenize and cmf template.</source>
        <translation>Токенизатор %1, id: %2 (специальных: %3). Тот же код, что в cmf tokenize и cmf template.</translation>
    </message>
    <message>
        <source>token</source>
        <translation>токен</translation>
    </message>
    <message>
        <source>byte</source>
        <translation>байт</translation>
    </message>
    <message>
        <source>The chat template does not parse: %1</source>
        <translation>Шаблон чата не разбирается: %1</translation>
    </message>
    <message>
        <source>This file has no chat template: rendered with the ChatML fallback (§6.1), as cmf template does.</source>
        <translation>В этом файле нет шаблона чата: отрисовано запасным ChatML (§6.1), как это делает cmf template.</translation>
    </message>
    <message>
        <source>Rendered with the file&apos;s chat template, as cmf template renders it.</source>
        <translation>Отрисовано шаблоном чата из файла, так же как в cmf template.</translation>
    </message>
    <message>
        <source>undefined</source>
        <translation>не задано</translation>
    </message>
    <message>
        <source>bos_token: %1, eos_token: %2.</source>
        <translation>bos_token: %1, eos_token: %2.</translation>
    </message>
    <message>
        <source>… the first %1 of %2 tokens are shown.</source>
        <translation>… показаны первые %1 из %2 токенов.</translation>
    </message>
    <message>
        <source>token %1: id %2
spelling: %3
text: %4
kind: %5</source>
        <translation>токен %1: id %2
запись: %3
текст: %4
вид: %5</translation>
    </message>
    <message>
        <source>This text cannot be tokenized: %1</source>
        <translation>Этот текст невозможно токенизировать: %1</translation>
    </message>
    <message>
        <source>%1 tokens · %2 characters · %3 bytes · %4 bytes per token · %5 characters per token</source>
        <translation>токенов: %1 · символов: %2 · байт: %3 · %4 байт на токен · %5 символов на токен</translation>
    </message>
    <message>
        <source>Searching %1 ids…</source>
        <translation>Поиск среди %1 id…</translation>
    </message>
    <message>
        <source>%1 matches; the first %2 are listed.</source>
        <translation>Совпадений: %1; показаны первые %2.</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es).</source>
        <translation>
            <numerusform>%n совпадение.</numerusform>
            <numerusform>%n совпадения.</numerusform>
            <numerusform>%n совпадений.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens · %2 bytes</source>
        <translation>токенов: %1 · байт: %2</translation>
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
        <translation>Контракт качества</translation>
    </message>
    <message>
        <source>§5.1: quality is a held-out contract, not a declaration — a writer without a measured metric writes null.</source>
        <translation>§5.1: качество — контракт на отложенных данных, а не декларация: писатель без измеренной метрики записывает null.</translation>
    </message>
    <message>
        <source>NOT MEASURED</source>
        <translation>НЕ ИЗМЕРЕНО</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>quality is null: the writer measured nothing, so the file makes no quality claim for this task</source>
        <translation>quality равно null: писатель ничего не измерял, поэтому файл ничего не утверждает о качестве для этой задачи</translation>
    </message>
    <message>
        <source>masked perplexity ÷ dense perplexity on held-out text: 1.0 = no loss, higher = worse</source>
        <translation>перплексия с маской ÷ плотная перплексия на отложенном тексте: 1.0 — без потерь, больше — хуже</translation>
    </message>
    <message>
        <source>NOT MEASURED: the mask carries no held-out quality (quality = null, §5.1). Its effect on the model is unknown; the runtime warns when switching to it.</source>
        <translation>НЕ ИЗМЕРЕНО: у маски нет качества, измеренного на отложенных данных (quality = null, §5.1). Её влияние на модель неизвестно; среда выполнения предупреждает при переключении на неё.</translation>
    </message>
</context>
<context>
    <name>cmfw::QuantPicker</name>
    <message>
        <source>vbit: the mean width of a row&apos;s codes, 3 to 8 bits; each row gets 3, 4, 5, 6 or 8 by its amplitude.</source>
        <translation>vbit: средняя ширина кодов строки, от 3 до 8 бит; каждая строка получает 3, 4, 5, 6 или 8 по своей амплитуде.</translation>
    </message>
    <message>
        <source>Quantization</source>
        <translation>Квантование</translation>
    </message>
    <message>
        <source>Mean bits (vbit)</source>
        <translation>Средние биты (vbit)</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 — at most %2</source>
        <translation>%1 — не больше %2</translation>
    </message>
</context>
<context>
    <name>cmfw::QuantView</name>
    <message>
        <source>The Hugging Face folder this file was converted from</source>
        <translation>Папка Hugging Face, из которой сконвертирован этот файл</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Обзор…</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Измерить</translation>
    </message>
    <message>
        <source>Source checkpoint:</source>
        <translation>Исходный чекпойнт:</translation>
    </message>
    <message>
        <source>Dequantized values against the source: relative RMS error ‖q − w‖/‖w‖ and the largest |q − w| per tensor.</source>
        <translation>Деквантованные значения в сравнении с исходными: относительная RMS-ошибка ‖q − w‖/‖w‖ и наибольшая |q − w| для каждого тензора.</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Тензор</translation>
    </message>
    <message>
        <source>dtype</source>
        <translation>тип</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Значения</translation>
    </message>
    <message>
        <source>Relative RMS error</source>
        <translation>Относительная RMS-ошибка</translation>
    </message>
    <message>
        <source>Max |error|</source>
        <translation>Макс. |ошибка|</translation>
    </message>
    <message>
        <source>Source checkpoint folder</source>
        <translation>Папка исходного чекпойнта</translation>
    </message>
    <message>
        <source>Quantization error of %1</source>
        <translation>Ошибка квантования %1</translation>
    </message>
    <message>
        <source>Could not measure: %1</source>
        <translation>Не удалось измерить: %1</translation>
    </message>
    <message>
        <source>Expected below</source>
        <translation>Ожидается ниже</translation>
    </message>
    <message>
        <source>Far above what %1 reaches on its own source (%2): this checkpoint is probably not its source.</source>
        <translation>Намного выше, чем %1 даёт на своём источнике (%2): вероятно, эта контрольная точка — не его источник.</translation>
    </message>
</context>
<context>
    <name>cmfw::RoutingView</name>
    <message>
        <source>Text to route (or a file); the statistics count, per MoE layer, how many tokens selected each expert:</source>
        <translation>Текст для маршрутизации (или файл); статистика подсчитывает для каждого слоя MoE, сколько токенов выбрали каждого эксперта:</translation>
    </message>
    <message>
        <source>Run on the text as %1</source>
        <translation>Запустить на тексте как %1</translation>
    </message>
    <message>
        <source>Run on a file as %1…</source>
        <translation>Запустить на файле как %1…</translation>
    </message>
    <message>
        <source>Load %1…</source>
        <translation>Загрузить %1…</translation>
    </message>
    <message>
        <source>Save %1…</source>
        <translation>Сохранить %1…</translation>
    </message>
    <message>
        <source>Text file</source>
        <translation>Текстовый файл</translation>
    </message>
    <message>
        <source>Route statistics</source>
        <translation>Статистика маршрутизации</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>%1: no statistics yet</source>
        <translation>%1: статистики пока нет</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>слой</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>эксперт</translation>
    </message>
    <message>
        <source>Run or load statistics</source>
        <translation>Запустите или загрузите статистику</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Слой</translation>
    </message>
    <message>
        <source>Overlap of A and B (Σ min)</source>
        <translation>Пересечение A и B (Σ min)</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Тензор</translation>
    </message>
    <message>
        <source>dtype</source>
        <translation>тип</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Форма</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Байты</translation>
    </message>
    <message>
        <source>Route statistics (%1)</source>
        <translation>Статистика маршрутизации (%1)</translation>
    </message>
    <message>
        <source>Selection frequency (share of a layer&apos;s selections)</source>
        <translation>Частота выбора (доля от всех выборов в слое)</translation>
    </message>
    <message>
        <source>dense layer</source>
        <translation>плотный слой</translation>
    </message>
    <message>
        <source>%1: %2 tokens, top-%3</source>
        <translation>%1: токенов: %2, top-%3</translation>
    </message>
    <message>
        <source>dense</source>
        <translation>плотный</translation>
    </message>
    <message>
        <source>%1 is not route statistics: %2</source>
        <translation>%1 — не статистика маршрутизации: %2</translation>
    </message>
</context>
<context>
    <name>cmfw::RowScalesModel</name>
    <message>
        <source>Mean of the row&apos;s 32-weight group scales</source>
        <translation>Среднее масштабов групп по 32 веса в строке</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>Строка</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>Биты</translation>
    </message>
    <message>
        <source>Mean scale</source>
        <translation>Средний масштаб</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>Масштаб</translation>
    </message>
    <message>
        <source>Min scale</source>
        <translation>Мин. масштаб</translation>
    </message>
    <message>
        <source>Max scale</source>
        <translation>Макс. масштаб</translation>
    </message>
    <message>
        <source>Outliers</source>
        <translation>Выбросы</translation>
    </message>
</context>
<context>
    <name>cmfw::RowSeriesChart</name>
    <message>
        <source>row</source>
        <translation>строка</translation>
    </message>
</context>
<context>
    <name>cmfw::RowWidthsPanel</name>
    <message>
        <source>Tensor:</source>
        <translation>Тензор:</translation>
    </message>
    <message>
        <source>Rows per line:</source>
        <translation>Строк на ряд:</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>авто</translation>
    </message>
    <message>
        <source>No vbit or vbit_ro tensors in this file: every row of its quantized tensors has the same width.</source>
        <translation>В этом файле нет тензоров vbit или vbit_ro: у всех строк его квантованных тензоров одинаковая разрядность.</translation>
    </message>
    <message>
        <source>vbit gives each row its own width (3–8 bits) by water-filling toward the tensor&apos;s mean budget (§3.2).</source>
        <translation>vbit назначает каждой строке собственную разрядность (3–8 бит) методом «заполнения водой» под средний бюджет тензора (§3.2).</translation>
    </message>
    <message>
        <source>The payload of %1 is shorter than its width table.</source>
        <translation>Данные %1 короче его таблицы разрядностей.</translation>
    </message>
    <message numerus="yes">
        <source>%n bit(s)</source>
        <translation>
            <numerusform>%n бит</numerusform>
            <numerusform>%n бита</numerusform>
            <numerusform>%n бит</numerusform>
        </translation>
    </message>
    <message>
        <source>Bits per row of %1</source>
        <translation>Бит на строку — %1</translation>
    </message>
    <message>
        <source>first row</source>
        <translation>первая строка</translation>
    </message>
    <message>
        <source>+ row</source>
        <translation>+ строка</translation>
    </message>
    <message>
        <source>past the last row</source>
        <translation>за последней строкой</translation>
    </message>
    <message>
        <source>mean bits</source>
        <translation>ср. бит</translation>
    </message>
    <message>
        <source>tensor row %1: %2 codes of this width, %3 bytes packed
group scales: min %4, mean %5, max %6</source>
        <translation>строка тензора %1: кодов этой разрядности: %2, в упакованном виде байт: %3
масштабы групп: мин. %4, среднее %5, макс. %6</translation>
    </message>
    <message>
        <source>bits per row</source>
        <translation>бит на строку</translation>
    </message>
    <message>
        <source>rows</source>
        <translation>строки</translation>
    </message>
    <message>
        <source>%1 rows × %2; widths %3–%4 bits, mean %5 (the codes). With scales, widths%6 and padding the tensor costs %7 bits per weight. %8</source>
        <translation>%1 × %2 (строки × столбцы); разрядности %3–%4 бит, в среднем %5 (коды). С масштабами, разрядностями%6 и выравниванием тензор обходится в %7 бит на вес. %8</translation>
    </message>
    <message>
        <source>, row offsets</source>
        <translation>, смещениями строк</translation>
    </message>
</context>
<context>
    <name>cmfw::ScaleProfilesPanel</name>
    <message>
        <source>Tensor:</source>
        <translation>Тензор:</translation>
    </message>
    <message>
        <source>column</source>
        <translation>столбец</translation>
    </message>
    <message>
        <source>No quantized tensors with scales in this file.</source>
        <translation>В этом файле нет квантованных тензоров с масштабами.</translation>
    </message>
    <message>
        <source>row scale</source>
        <translation>масштаб строки</translation>
    </message>
    <message>
        <source>mean group scale</source>
        <translation>средний масштаб группы</translation>
    </message>
    <message>
        <source>max group scale</source>
        <translation>макс. масштаб группы</translation>
    </message>
    <message>
        <source>column field θ</source>
        <translation>поле столбцов θ</translation>
    </message>
    <message>
        <source>Each tile&apos;s scale is 2^(lo + code · step) on its row&apos;s 32-rung ladder; the profile shows the scales the codes pick.</source>
        <translation>Масштаб каждой плитки — 2^(lo + code · step) на 32-ступенчатой лестнице её строки; профиль показывает масштабы, выбранные кодами.</translation>
    </message>
    <message>
        <source>w = q · scale[row] · θ[column]: the row scale on the left, the column field on the right.</source>
        <translation>w = q · scale[строка] · θ[столбец]: слева масштаб строки, справа поле столбцов.</translation>
    </message>
</context>
<context>
    <name>cmfw::SectionBar</name>
    <message>
        <source>%1
offset %2
length %3 (%4 of the file)</source>
        <translation>%1
смещение %2
длина %3 (%4 файла)</translation>
    </message>
</context>
<context>
    <name>cmfw::ServeView</name>
    <message>
        <source>Serve %1</source>
        <translation>Сервер: %1</translation>
    </message>
    <message>
        <source>127.0.0.1: this machine only. 0.0.0.0: every interface (set a key then)</source>
        <translation>127.0.0.1: только этот компьютер. 0.0.0.0: все интерфейсы (тогда задайте ключ)</translation>
    </message>
    <message>
        <source>any free port</source>
        <translation>любой свободный порт</translation>
    </message>
    <message>
        <source>none: no Authorization header needed</source>
        <translation>нет: заголовок Authorization не нужен</translation>
    </message>
    <message>
        <source>Replies generated at once, each with its own KV cache; more requests wait in a queue</source>
        <translation>Сколько ответов генерируется одновременно, у каждого свой KV-кэш; остальные запросы ждут в очереди</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Хост</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Порт</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Ключ API</translation>
    </message>
    <message>
        <source>Slots</source>
        <translation>Слоты</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Запустить</translation>
    </message>
    <message>
        <source>Not serving</source>
        <translation>Сервер не запущен</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Время</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Клиент</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Запрос</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>Токенов на входе</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>Токенов на выходе</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Токенов/с</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Секунд</translation>
    </message>
    <message>
        <source>Copy snippet</source>
        <translation>Копировать пример</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Ошибка: %1</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Загрузка %1…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Остановить</translation>
    </message>
    <message>
        <source>Serving %1 at %2</source>
        <translation>%1 доступна по адресу %2</translation>
    </message>
    <message>
        <source>listening beyond this machine without a key: anyone who can reach port %1 can use this model</source>
        <translation>сервер доступен за пределами этого компьютера без ключа: любой, кто достучится до порта %1, может пользоваться моделью</translation>
    </message>
    <message>
        <source>Stopped; the port is free</source>
        <translation>Остановлен; порт свободен</translation>
    </message>
    <message>
        <source>(stream)</source>
        <translation>(поток)</translation>
    </message>
    <message>
        <source>(cancelled)</source>
        <translation>(отменён)</translation>
    </message>
    <message>
        <source>Requests: %1 (%2 completed, %3 cancelled, %4 refused with the queue full, %5 failed) · tokens: %6 prompt, %7 completion</source>
        <translation>Запросы: %1 (выполнено %2, отменено %3, отклонено при полной очереди %4, с ошибкой %5) · токены: запрос %6, ответ %7</translation>
    </message>
</context>
<context>
    <name>cmfw::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Как в системе</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Язык:</translation>
    </message>
    <message>
        <source>The language changes when the workbench starts next time.</source>
        <translation>Язык сменится при следующем запуске программы.</translation>
    </message>
    <message>
        <source>automatic (%1)</source>
        <translation>автоматически (%1)</translation>
    </message>
    <message>
        <source>Threads used for hashing and decoding; automatic uses one per core.</source>
        <translation>Потоки для хеширования и декодирования; в автоматическом режиме — по одному на ядро.</translation>
    </message>
    <message>
        <source>Worker threads:</source>
        <translation>Рабочие потоки:</translation>
    </message>
    <message>
        <source>Trusted signer keys (a valid .sig by one of these is shown as trusted):</source>
        <translation>Доверенные ключи подписи (верная подпись .sig одним из них показывается как доверенная):</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Ed25519 public key</source>
        <translation>Открытый ключ Ed25519</translation>
    </message>
    <message>
        <source>Add key…</source>
        <translation>Добавить ключ…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <source>Add trusted key</source>
        <translation>Добавить доверенный ключ</translation>
    </message>
    <message>
        <source>Ed25519 public key (64 hex digits):</source>
        <translation>Открытый ключ Ed25519 (64 шестнадцатеричные цифры):</translation>
    </message>
    <message>
        <source>A public key is 64 hexadecimal digits.</source>
        <translation>Открытый ключ — это 64 шестнадцатеричные цифры.</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Имя:</translation>
    </message>
    <message>
        <source>Row %1: a public key is 64 hexadecimal digits.</source>
        <translation>Строка %1: открытый ключ — это 64 шестнадцатеричные цифры.</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Как в системе</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Светлая</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Тёмная</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>Тема:</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <source>system (%1 pt)</source>
        <translation>системный (%1 pt)</translation>
    </message>
    <message>
        <source>The size of the interface&apos;s text; tables, charts and heatmap labels follow it.</source>
        <translation>Размер текста интерфейса; таблицы, графики и подписи тепловых карт следуют ему.</translation>
    </message>
    <message>
        <source>Font size:</source>
        <translation>Размер шрифта:</translation>
    </message>
</context>
<context>
    <name>cmfw::ShardPicker</name>
    <message>
        <source> GB</source>
        <translation> ГБ</translation>
    </message>
    <message>
        <source>Measured as the tensors&apos; size at f32 (§10): a tensor is never split, so a shard may hold one larger tensor alone.</source>
        <translation>Измеряется как размер тензоров в f32 (§10): тензор никогда не делится, поэтому шард может содержать один больший тензор.</translation>
    </message>
    <message>
        <source>Largest shard</source>
        <translation>Наибольший шард</translation>
    </message>
    <message>
        <source>Split into shards of at most</source>
        <translation>Разбить на шарды не больше</translation>
    </message>
    <message>
        <source>Sharding</source>
        <translation>Шардирование</translation>
    </message>
</context>
<context>
    <name>cmfw::ShardsView</name>
    <message>
        <source>Shards</source>
        <translation>Шарды</translation>
    </message>
    <message>
        <source>This file is shard %1 of %2. Every shard is a valid file on its own; the model is the union of their directories, and masks, tokenizer, chat template and skills live in shard 1 only (spec §10).</source>
        <translation>Этот файл — шард %1 из %2. Каждый шард сам по себе корректный файл; модель — объединение их каталогов, а маски, токенизатор, шаблон чата и навыки хранятся только в шарде 1 (спецификация, §10).</translation>
    </message>
    <message>
        <source>The set could not be assembled: %1</source>
        <translation>Не удалось собрать набор: %1</translation>
    </message>
    <message>
        <source>The views show this shard alone.</source>
        <translation>Представления показывают только этот шард.</translation>
    </message>
    <message>
        <source>Shard</source>
        <translation>Шард</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Файл</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Размер</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>Тензоры</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Веса</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) in the merged directory, %1 in all files.</source>
        <translation>
            <numerusform>%n тензор в объединённом каталоге, во всех файлах %1.</numerusform>
            <numerusform>%n тензора в объединённом каталоге, во всех файлах %1.</numerusform>
            <numerusform>%n тензоров в объединённом каталоге, во всех файлах %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Double-click to open this shard</source>
        <translation>Дважды щёлкните, чтобы открыть этот шард</translation>
    </message>
</context>
<context>
    <name>cmfw::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Сочетания клавиш</translation>
    </message>
    <message>
        <source>Filter by action or key…</source>
        <translation>Фильтр по действию или клавише…</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Клавиши</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Действие</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Где</translation>
    </message>
</context>
<context>
    <name>cmfw::SignatureView</name>
    <message>
        <source>Signature</source>
        <translation>Подпись</translation>
    </message>
    <message>
        <source>A detached Ed25519 signature &lt;file&gt;.sig proves who published the file: it signs the SHA-256 of the whole file, so the container itself is never rewritten (spec §8.2). Its absence is not an error.</source>
        <translation>Отдельная подпись Ed25519 &lt;файл&gt;.sig подтверждает, кто опубликовал файл: она подписывает SHA-256 всего файла, поэтому сам контейнер никогда не перезаписывается (спецификация, §8.2). Отсутствие подписи — не ошибка.</translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>Проверить снова</translation>
    </message>
    <message>
        <source>Verify the whole file…</source>
        <translation>Проверить весь файл…</translation>
    </message>
    <message>
        <source>Sign…</source>
        <translation>Подписать…</translation>
    </message>
    <message>
        <source>Trust this signer…</source>
        <translation>Доверять этому автору подписи…</translation>
    </message>
    <message>
        <source>Checking %1.sig against the file…</source>
        <translation>Сверка %1.sig с файлом…</translation>
    </message>
    <message>
        <source>Check signature of %1</source>
        <translation>Проверка подписи %1</translation>
    </message>
    <message>
        <source>no signature</source>
        <translation>подписи нет</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>верно</translation>
    </message>
    <message>
        <source>INVALID</source>
        <translation>НЕВЕРНО</translation>
    </message>
    <message>
        <source>Could not check the signature: %1</source>
        <translation>Не удалось проверить подпись: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not signed.&lt;/b&gt; There is no %1 beside the file.</source>
        <translation>&lt;b&gt;Не подписан.&lt;/b&gt; Рядом с файлом нет %1.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Signature valid.&lt;/b&gt; The file is exactly what the holder of this key signed.</source>
        <translation>&lt;b&gt;Подпись верна.&lt;/b&gt; Файл в точности тот, что подписал владелец этого ключа.</translation>
    </message>
    <message>
        <source>Signer: &lt;b&gt;%1&lt;/b&gt; (in your trusted keys).</source>
        <translation>Автор подписи: &lt;b&gt;%1&lt;/b&gt; (есть в ваших доверенных ключах).</translation>
    </message>
    <message>
        <source>The signer is &lt;b&gt;not&lt;/b&gt; in your trusted keys: anyone can make a valid signature with their own key. Check the key below with its owner before trusting it.</source>
        <translation>Автора подписи &lt;b&gt;нет&lt;/b&gt; в ваших доверенных ключах: верную подпись может сделать любой своим ключом. Прежде чем доверять, сверьте ключ ниже с его владельцем.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Signature INVALID:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Подпись НЕВЕРНА:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Файл</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>Алгоритм</translation>
    </message>
    <message>
        <source>Public key</source>
        <translation>Открытый ключ</translation>
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
        <translation>Навыки</translation>
    </message>
    <message>
        <source>This file has no skills registry. A skill is a set of full-shape replacement tensors named skill.{id}.{tensor} over the shared backbone; at run time the engine reads the replacement instead of the backbone tensor (spec §9).</source>
        <translation>В этом файле нет реестра навыков. Навык — набор полноразмерных тензоров-замен с именами skill.{id}.{тензор} поверх общей основы; при выполнении движок читает замену вместо тензора основы (спецификация, §9).</translation>
    </message>
    <message numerus="yes">
        <source>%n skill(s) over one backbone.</source>
        <translation>
            <numerusform>%n навык поверх одной основы.</numerusform>
            <numerusform>%n навыка поверх одной основы.</numerusform>
            <numerusform>%n навыков поверх одной основы.</numerusform>
        </translation>
    </message>
    <message>
        <source>SKILL_FILE is set: this is a standalone skill, not runnable alone; apply it to the base whose directory hash it names (§9.1).</source>
        <translation>Установлен SKILL_FILE: это отдельный навык, сам по себе не запускается; примените его к основе, хеш каталога которой в нём указан (§9.1).</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Слои</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>Тензоры</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Байты</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>Качество</translation>
    </message>
    <message>
        <source>Base directory hash</source>
        <translation>Хеш каталога основы</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>не измерено</translation>
    </message>
    <message>
        <source>Replaces</source>
        <translation>Заменяет</translation>
    </message>
    <message>
        <source>DType</source>
        <translation>Тип</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Форма</translation>
    </message>
</context>
<context>
    <name>cmfw::TasksView</name>
    <message>
        <source>not measured</source>
        <translation>не измерено</translation>
    </message>
    <message>
        <source>held-out ppl ×%1 (dense %2)</source>
        <translation>ppl на отложенных данных ×%1 (плотная %2)</translation>
    </message>
    <message>
        <source>ppl %1 → %2</source>
        <translation>ppl %1 → %2</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Задача</translation>
    </message>
    <message>
        <source>FFN sparsity</source>
        <translation>Разреженность FFN</translation>
    </message>
    <message>
        <source>Quality (§5.1)</source>
        <translation>Качество (§5.1)</translation>
    </message>
    <message>
        <source>Expert area</source>
        <translation>Область экспертов</translation>
    </message>
    <message>
        <source>Skill</source>
        <translation>Навык</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Слои</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>Тензоры</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Размер</translation>
    </message>
    <message>
        <source>Quality (held-out)</source>
        <translation>Качество (отложенные данные)</translation>
    </message>
    <message>
        <source>Routing</source>
        <translation>Маршрутизация</translation>
    </message>
    <message>
        <source>&lt;b&gt;Task masks&lt;/b&gt;</source>
        <translation>&lt;b&gt;Маски задач&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Skills&lt;/b&gt;</source>
        <translation>&lt;b&gt;Навыки&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Operations (each writes a new file, in the background)</source>
        <translation>Операции (каждая в фоне записывает новый файл)</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>subspace (phi layer %1)</source>
        <translation>подпространство (слой phi %1)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Memory to chat with the backbone at a %1-token context: %2 of weights + %3 of KV cache = %4 (cmf info --json &quot;memory&quot;)</source>
        <translation>Память для чата с основой при контексте длиной %1 (в токенах): %2 весов + %3 KV-кэша = %4 (cmf info --json &quot;memory&quot;)</translation>
    </message>
    <message>
        <source>No memory estimate: %1</source>
        <translation>Нет оценки памяти: %1</translation>
    </message>
    <message>
        <source>Started: %1</source>
        <translation>Запущено: %1</translation>
    </message>
    <message>
        <source>Memory to chat with the backbone at a %1-token context: %2 of weights + %3 of KV cache + %4 of recurrent state with its checkpoints = %5 (cmf info --json &quot;memory&quot;)</source>
        <translation>Память для чата с базовой моделью при контексте %1 токенов: %2 весов + %3 KV-кэша + %4 рекуррентного состояния с контрольными точками = %5 (cmf info --json &quot;memory&quot;)</translation>
    </message>
</context>
<context>
    <name>cmfw::TensorDetailView</name>
    <message>
        <source>This dtype stores values directly; it has no scales.</source>
        <translation>Этот тип хранит значения напрямую, масштабов у него нет.</translation>
    </message>
    <message>
        <source>q8_row: int8 codes and one f16 scale per row; w = q · scale[row].</source>
        <translation>q8_row: коды int8 и один масштаб f16 на строку; w = q · scale[строка].</translation>
    </message>
    <message>
        <source>q8_2f: int8 codes, an f16 scale per row and an f16 field per column; w = q · scale[row] · col[column].</source>
        <translation>q8_2f: коды int8, масштаб f16 на строку и поле f16 на столбец; w = q · scale[строка] · col[столбец].</translation>
    </message>
    <message>
        <source>q4_block: 4-bit codes in groups of 32 over the flattened tensor, one f16 scale per group; w = (q − 8) · scale.</source>
        <translation>q4_block: 4-битные коды группами по 32 по развёрнутому тензору, один масштаб f16 на группу; w = (q − 8) · scale.</translation>
    </message>
    <message>
        <source>q4_tiled: 18-byte tiles of one f16 scale and 32 nibbles.</source>
        <translation>q4_tiled: 18-байтовые плитки из одного масштаба f16 и 32 полубайтов.</translation>
    </message>
    <message>
        <source>q4tp: q4 tiles whose scales are 5-bit rungs of a per-row ladder 2^(lo + code · step).</source>
        <translation>q4tp: плитки q4, чьи масштабы — 5-битные ступени лестницы строки 2^(lo + code · step).</translation>
    </message>
    <message>
        <source>vbit: each row has its own bit width (3–8) and one f16 scale per 32 weights; w = (u − L) · scale.</source>
        <translation>vbit: у каждой строки своя разрядность (3–8) и один масштаб f16 на 32 веса; w = (u − L) · scale.</translation>
    </message>
    <message>
        <source>q1: one sign bit per weight and one f16 scale per 32; w = ±scale.</source>
        <translation>q1: один бит знака на вес и один масштаб f16 на 32 веса; w = ±scale.</translation>
    </message>
    <message>
        <source>q1s: a q1 base plus a list of outliers kept at f16 precision.</source>
        <translation>q1s: основа q1 плюс список выбросов с точностью f16.</translation>
    </message>
    <message>
        <source>q1t: ternary {−s, 0, +s} tiles plus per-row outliers at f16 precision.</source>
        <translation>q1t: троичные плитки {−s, 0, +s} плюс выбросы по строкам с точностью f16.</translation>
    </message>
    <message>
        <source>Reserved dtype without a defined layout.</source>
        <translation>Зарезервированный тип без определённой раскладки.</translation>
    </message>
    <message>
        <source>Export .npy…</source>
        <translation>Экспорт в .npy…</translation>
    </message>
    <message>
        <source>Write the dequantized values as a float32 NumPy array</source>
        <translation>Записать деквантованные значения как массив NumPy float32</translation>
    </message>
    <message>
        <source>DType</source>
        <translation>Тип</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Форма</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>Элементы</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Байты</translation>
    </message>
    <message>
        <source>Bits per weight</source>
        <translation>Бит на вес</translation>
    </message>
    <message>
        <source>Hash64</source>
        <translation>Hash64</translation>
    </message>
    <message>
        <source>File offset</source>
        <translation>Смещение в файле</translation>
    </message>
    <message>
        <source>In weight blob</source>
        <translation>В блоке весов</translation>
    </message>
    <message>
        <source>Layer / family</source>
        <translation>Слой / семейство</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Количество</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Мин.</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Макс.</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Среднее</translation>
    </message>
    <message>
        <source>Std</source>
        <translation>Ст. откл.</translation>
    </message>
    <message>
        <source>Zeros</source>
        <translation>Нули</translation>
    </message>
    <message>
        <source>Sum</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Abs sum</source>
        <translation>Сумма модулей</translation>
    </message>
    <message>
        <source>Max |x|</source>
        <translation>Макс. |x|</translation>
    </message>
    <message>
        <source>Not finite</source>
        <translation>Не конечные</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Histogram of dequantized values</source>
        <translation>Гистограмма деквантованных значений</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Логарифмическая шкала</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Статистика</translation>
    </message>
    <message>
        <source>First row:</source>
        <translation>Первая строка:</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Значения</translation>
    </message>
    <message>
        <source>Quantization</source>
        <translation>Квантование</translation>
    </message>
    <message>
        <source>in shard %1</source>
        <translation>в шарде %1</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>слой %1</translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation>голова MTP</translation>
    </message>
    <message>
        <source>not in a layer</source>
        <translation>вне слоёв</translation>
    </message>
    <message>
        <source>This dtype is reserved and has no decoder, so its values cannot be shown.</source>
        <translation>Этот тип зарезервирован и не имеет декодера, поэтому его значения показать нельзя.</translation>
    </message>
    <message>
        <source>Computing statistics…</source>
        <translation>Вычисление статистики…</translation>
    </message>
    <message>
        <source>Statistics of %1</source>
        <translation>Статистика %1</translation>
    </message>
    <message>
        <source>%1 values, mean %2, std %3</source>
        <translation>%1 значений, среднее %2, ст. откл. %3</translation>
    </message>
    <message>
        <source>Could not decode this tensor: %1</source>
        <translation>Не удалось декодировать этот тензор: %1</translation>
    </message>
    <message>
        <source>Statistics of %1 failed: %2</source>
        <translation>Ошибка статистики %1: %2</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Отменено.</translation>
    </message>
    <message>
        <source>Values of %1</source>
        <translation>Значения %1</translation>
    </message>
    <message>
        <source>rows %1–%2 of %3, columns 0–%4 of %5</source>
        <translation>строки %1–%2 из %3, столбцы 0–%4 из %5</translation>
    </message>
    <message>
        <source>mean scale</source>
        <translation>средний масштаб</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>масштаб</translation>
    </message>
    <message>
        <source>bits</source>
        <translation>биты</translation>
    </message>
    <message numerus="yes">
        <source>Column field: %n value(s) from %1 to %2.</source>
        <translation>
            <numerusform>Поле столбцов: %n значение от %1 до %2.</numerusform>
            <numerusform>Поле столбцов: %n значения от %1 до %2.</numerusform>
            <numerusform>Поле столбцов: %n значений от %1 до %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not decode: %1</source>
        <translation>Не удалось декодировать: %1</translation>
    </message>
    <message>
        <source>Export tensor as .npy</source>
        <translation>Экспорт тензора в .npy</translation>
    </message>
    <message>
        <source>NumPy arrays (*.npy)</source>
        <translation>Массивы NumPy (*.npy)</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>Экспорт %1</translation>
    </message>
    <message>
        <source>%1 float32 values written</source>
        <translation>записано %1 значений float32</translation>
    </message>
    <message>
        <source>Exported %1 to %2</source>
        <translation>%1 экспортирован в %2</translation>
    </message>
    <message>
        <source>Export of %1 failed: %2</source>
        <translation>Ошибка экспорта %1: %2</translation>
    </message>
</context>
<context>
    <name>cmfw::TensorDiffModel</name>
    <message>
        <source>same</source>
        <translation>совпадает</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>изменено</translation>
    </message>
    <message>
        <source>only in A</source>
        <translation>только в A</translation>
    </message>
    <message>
        <source>only in B</source>
        <translation>только в B</translation>
    </message>
    <message>
        <source>hash64 A %1
hash64 B %2</source>
        <translation>hash64 A %1
hash64 B %2</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 байт</translation>
    </message>
    <message>
        <source>Σ(a−b)² / Σa² over the dequantized values: %1</source>
        <translation>Σ(a−b)² / Σa² по деквантованным значениям: %1</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>DType A</source>
        <translation>Тип A</translation>
    </message>
    <message>
        <source>DType B</source>
        <translation>Тип B</translation>
    </message>
    <message>
        <source>Shape A</source>
        <translation>Форма A</translation>
    </message>
    <message>
        <source>Shape B</source>
        <translation>Форма B</translation>
    </message>
    <message>
        <source>Bytes A</source>
        <translation>Байты A</translation>
    </message>
    <message>
        <source>Bytes B</source>
        <translation>Байты B</translation>
    </message>
    <message>
        <source>NMSE</source>
        <translation>NMSE</translation>
    </message>
    <message>
        <source>Normalised mean squared error of B against A over the dequantized values, Σ(a−b)² / Σa². 0 for identical tensors; — where it cannot be computed (shapes differ, a side is missing).</source>
        <translation>Нормированная среднеквадратичная ошибка B относительно A по деквантованным значениям, Σ(a−b)² / Σa². 0 для идентичных тензоров; — там, где её нельзя вычислить (формы различаются, одной из сторон нет).</translation>
    </message>
</context>
<context>
    <name>cmfw::TensorDirectoryModel</name>
    <message>
        <source>layer %1</source>
        <translation>слой %1</translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation>голова MTP</translation>
    </message>
    <message>
        <source>not in a layer</source>
        <translation>вне слоёв</translation>
    </message>
    <message>
        <source>directory record %1</source>
        <translation>запись каталога %1</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 байт</translation>
    </message>
    <message>
        <source>file offset %1, %2 into the weight blob</source>
        <translation>смещение в файле %1, %2 от начала блока весов</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>Слой %1</translation>
    </message>
    <message>
        <source>Outside the layers</source>
        <translation>Вне слоёв</translation>
    </message>
    <message numerus="yes">
        <source>(%n tensor(s))</source>
        <translation>
            <numerusform>(%n тензор)</numerusform>
            <numerusform>(%n тензора)</numerusform>
            <numerusform>(%n тензоров)</numerusform>
        </translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>DType</source>
        <translation>Тип</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Форма</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>Элементы</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Байты</translation>
    </message>
    <message>
        <source>Bits/w</source>
        <translation>Бит/вес</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>Смещение</translation>
    </message>
    <message>
        <source>Hash64</source>
        <translation>Hash64</translation>
    </message>
    <message>
        <source>Shard</source>
        <translation>Шард</translation>
    </message>
    <message>
        <source>Tensor name, as in the source model</source>
        <translation>Имя тензора, как в исходной модели</translation>
    </message>
    <message>
        <source>Encoding of the weights (spec §3.1)</source>
        <translation>Кодирование весов (спецификация, §3.1)</translation>
    </message>
    <message>
        <source>Logical shape of the tensor</source>
        <translation>Логическая форма тензора</translation>
    </message>
    <message>
        <source>Number of weights</source>
        <translation>Число весов</translation>
    </message>
    <message>
        <source>Bytes the tensor occupies in the file</source>
        <translation>Байт, занимаемых тензором в файле</translation>
    </message>
    <message>
        <source>Bytes × 8 / elements, scales and tables included</source>
        <translation>Байты × 8 / элементы, с учётом масштабов и таблиц</translation>
    </message>
    <message>
        <source>Position of the first byte in the file</source>
        <translation>Позиция первого байта в файле</translation>
    </message>
    <message>
        <source>hash64 of the tensor bytes recorded in the directory (spec §8)</source>
        <translation>hash64 байтов тензора, записанный в каталоге (спецификация, §8)</translation>
    </message>
    <message>
        <source>Shard file that holds the tensor (spec §10)</source>
        <translation>Файл-шард, в котором хранится тензор (спецификация, §10)</translation>
    </message>
    <message>
        <source>Invalid regular expression at position %1: %2</source>
        <translation>Ошибка в регулярном выражении в позиции %1: %2</translation>
    </message>
</context>
<context>
    <name>cmfw::TensorSummaryPanel</name>
    <message>
        <source>Bytes per dtype</source>
        <translation>Байты по типам</translation>
    </message>
    <message>
        <source>Bytes per tensor family</source>
        <translation>Байты по семействам тензоров</translation>
    </message>
    <message>
        <source>embeddings</source>
        <translation>эмбеддинги</translation>
    </message>
    <message>
        <source>attention</source>
        <translation>внимание</translation>
    </message>
    <message>
        <source>FFN</source>
        <translation>FFN</translation>
    </message>
    <message>
        <source>experts</source>
        <translation>эксперты</translation>
    </message>
    <message>
        <source>norms</source>
        <translation>нормализации</translation>
    </message>
    <message>
        <source>skills</source>
        <translation>навыки</translation>
    </message>
    <message>
        <source>other</source>
        <translation>прочее</translation>
    </message>
</context>
<context>
    <name>cmfw::TensorsView</name>
    <message>
        <source>Tensors</source>
        <translation>Тензоры</translation>
    </message>
    <message>
        <source>Filter by name (e.g. layers.3. or mlp)…</source>
        <translation>Фильтр по имени (например, layers.3. или mlp)…</translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation>Регулярное выражение</translation>
    </message>
    <message>
        <source>Group by layer</source>
        <translation>Группировать по слоям</translation>
    </message>
    <message>
        <source>Bits/w</source>
        <translation>Бит/вес</translation>
    </message>
    <message>
        <source>Shard</source>
        <translation>Шард</translation>
    </message>
    <message>
        <source>%1 of %2 tensors · %3</source>
        <translation>%1 из %2 тензоров · %3</translation>
    </message>
</context>
<context>
    <name>cmfw::TokenizerView</name>
    <message>
        <source>Tokenizer and chat template</source>
        <translation>Токенизатор и шаблон чата</translation>
    </message>
    <message>
        <source>tokenizer.json: %1 at offset %2.</source>
        <translation>tokenizer.json: %1 по смещению %2.</translation>
    </message>
    <message>
        <source>Recorded hash64: %1 (checked by Verify).</source>
        <translation>Записанный hash64: %1 (сверяется при проверке).</translation>
    </message>
    <message>
        <source>This file has no tokenizer section (vocab_off = 0): a tokenizer must come from elsewhere.</source>
        <translation>В этом файле нет секции токенизатора (vocab_off = 0): токенизатор придётся взять в другом месте.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>Словарь</translation>
    </message>
    <message>
        <source>Merges</source>
        <translation>Слияния</translation>
    </message>
    <message>
        <source>Normalizer</source>
        <translation>Нормализатор</translation>
    </message>
    <message>
        <source>Pre-tokenizer</source>
        <translation>Предтокенизатор</translation>
    </message>
    <message>
        <source>Decoder</source>
        <translation>Декодер</translation>
    </message>
    <message>
        <source>Post-processor</source>
        <translation>Постобработчик</translation>
    </message>
    <message>
        <source>End of sequence</source>
        <translation>Конец последовательности</translation>
    </message>
    <message>
        <source>Beginning</source>
        <translation>Начало</translation>
    </message>
    <message>
        <source>Padding</source>
        <translation>Заполнение</translation>
    </message>
    <message>
        <source>Added and special tokens</source>
        <translation>Добавленные и специальные токены</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Токен</translation>
    </message>
    <message>
        <source>Special</source>
        <translation>Специальный</translation>
    </message>
    <message numerus="yes">
        <source>Chat template (%n character(s))</source>
        <translation>
            <numerusform>Шаблон чата (%n символ)</numerusform>
            <numerusform>Шаблон чата (%n символа)</numerusform>
            <numerusform>Шаблон чата (%n символов)</numerusform>
        </translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation>Шаблон чата</translation>
    </message>
    <message>
        <source>No chat template in the header: runtimes fall back to ChatML (§6.1).</source>
        <translation>В заголовке нет шаблона чата: среды выполнения используют ChatML (§6.1).</translation>
    </message>
    <message>
        <source>none: the header has no tokenizer_config block; runtimes use ChatML (§6.1)</source>
        <translation>нет: в заголовке нет блока tokenizer_config; среды выполнения используют ChatML (§6.1)</translation>
    </message>
    <message>
        <source>Reading tokenizer.json…</source>
        <translation>Чтение tokenizer.json…</translation>
    </message>
    <message>
        <source>Read tokenizer of %1</source>
        <translation>Чтение токенизатора %1</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 токенов</translation>
    </message>
    <message>
        <source>Could not read the tokenizer: %1</source>
        <translation>Не удалось прочитать токенизатор: %1</translation>
    </message>
    <message>
        <source>tokenizer.json does not parse: %1</source>
        <translation>tokenizer.json не разбирается: %1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <source>byte fallback</source>
        <translation>байтовый запасной режим</translation>
    </message>
    <message>
        <source>%1 tokens, %2 added</source>
        <translation>%1 токенов, %2 добавлено</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
</context>
<context>
    <name>cmfw::TranscriptView</name>
    <message numerus="yes">
        <source>%n earlier message(s) not shown.</source>
        <translation>
            <numerusform>%n более раннее сообщение не показано.</numerusform>
            <numerusform>%n более ранних сообщения не показаны.</numerusform>
            <numerusform>%n более ранних сообщений не показано.</numerusform>
        </translation>
    </message>
    <message>
        <source>Show earlier messages</source>
        <translation>Показать более ранние сообщения</translation>
    </message>
</context>
<context>
    <name>cmfw::TrustDialog</name>
    <message>
        <source>Trust signer</source>
        <translation>Доверять автору подписи</translation>
    </message>
    <message>
        <source>Public key:
%1

Compare it with the key its owner gave you. Name to remember it by:</source>
        <translation>Открытый ключ:
%1

Сверьте его с ключом, который дал вам владелец. Имя, под которым его запомнить:</translation>
    </message>
</context>
<context>
    <name>cmfw::VerifySignPanel</name>
    <message>
        <source>Drop a CMF file here to verify it</source>
        <translation>Перетащите сюда файл CMF для проверки</translation>
    </message>
    <message>
        <source>No file chosen</source>
        <translation>Файл не выбран</translation>
    </message>
    <message>
        <source>Choose file…</source>
        <translation>Выбрать файл…</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>Проверить</translation>
    </message>
    <message>
        <source>Check every hash of the file and its .sig</source>
        <translation>Проверить все хеши файла и его .sig</translation>
    </message>
    <message>
        <source>Sign</source>
        <translation>Подписать</translation>
    </message>
    <message>
        <source>Write &lt;file&gt;.sig with your signing key</source>
        <translation>Записать &lt;файл&gt;.sig вашим ключом подписи</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Trust this signer…</source>
        <translation>Доверять этому автору подписи…</translation>
    </message>
    <message>
        <source>What Verify finds is listed here, each problem with what it means.</source>
        <translation>Здесь будет всё, что найдёт проверка, — каждая проблема с пояснением.</translation>
    </message>
    <message>
        <source>Signing key</source>
        <translation>Ключ подписи</translation>
    </message>
    <message>
        <source>Choose key…</source>
        <translation>Выбрать ключ…</translation>
    </message>
    <message>
        <source>Generate key…</source>
        <translation>Создать ключ…</translation>
    </message>
    <message>
        <source>No key chosen. Sign needs a private key file; generate one if you have none.</source>
        <translation>Ключ не выбран. Для подписи нужен файл закрытого ключа; если его нет, создайте.</translation>
    </message>
    <message>
        <source>Drop a file or choose one, then Verify or Sign.</source>
        <translation>Перетащите или выберите файл, затем нажмите «Проверить» или «Подписать».</translation>
    </message>
    <message>
        <source>Verify checks every hash of %1 and its signature.</source>
        <translation>Проверка сверит все хеши %1 и его подпись.</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>осталось около %1</translation>
    </message>
    <message>
        <source>Verify %1</source>
        <translation>Проверка %1</translation>
    </message>
    <message>
        <source>not a valid CMF file</source>
        <translation>некорректный файл CMF</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>верно</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n проблема</numerusform>
            <numerusform>%n проблемы</numerusform>
            <numerusform>%n проблем</numerusform>
        </translation>
    </message>
    <message>
        <source>Verifying %1…</source>
        <translation>Проверка %1…</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>ОШИБКА</translation>
    </message>
    <message>
        <source>Could not verify: %1 (%2)</source>
        <translation>Проверка не удалась: %1 (%2)</translation>
    </message>
    <message>
        <source>Verify %1 failed: %2</source>
        <translation>Проверка %1 не удалась: %2</translation>
    </message>
    <message>
        <source>Verification cancelled; nothing was changed.</source>
        <translation>Проверка отменена; ничего не изменено.</translation>
    </message>
    <message>
        <source>Verify %1 cancelled</source>
        <translation>Проверка %1 отменена</translation>
    </message>
    <message>
        <source>NOT A VALID CMF FILE</source>
        <translation>НЕКОРРЕКТНЫЙ ФАЙЛ CMF</translation>
    </message>
    <message>
        <source>%1 is not a valid CMF file: %2</source>
        <translation>%1 — некорректный файл CMF: %2</translation>
    </message>
    <message>
        <source>VALID</source>
        <translation>ВЕРНО</translation>
    </message>
    <message>
        <source>INVALID</source>
        <translation>НЕВЕРНО</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s), %1 hashed in %2.</source>
        <translation>
            <numerusform>%n тензор, %1 прохешировано за %2.</numerusform>
            <numerusform>%n тензора, %1 прохешировано за %2.</numerusform>
            <numerusform>%n тензоров, %1 прохешировано за %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Every hash matches.</source>
        <translation>Все хеши совпадают.</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) found.</source>
        <translation>
            <numerusform>Найдена %n проблема.</numerusform>
            <numerusform>Найдены %n проблемы.</numerusform>
            <numerusform>Найдено %n проблем.</numerusform>
        </translation>
    </message>
    <message>
        <source>No problems.</source>
        <translation>Проблем нет.</translation>
    </message>
    <message>
        <source>Every tensor hash, the header and directory hashes and the section hashes match what the file recorded when it was written; every tensor payload has the structure its dtype requires.</source>
        <translation>Хеши всех тензоров, хеши заголовка и каталога и хеши секций совпадают с записанными при создании файла; данные каждого тензора имеют структуру, которую требует его тип.</translation>
    </message>
    <message>
        <source>%1 verified: every hash matches</source>
        <translation>%1 проверен: все хеши совпадают</translation>
    </message>
    <message numerus="yes">
        <source>%1 failed verification: %n problem(s)</source>
        <translation>
            <numerusform>%1 не прошёл проверку: %n проблема</numerusform>
            <numerusform>%1 не прошёл проверку: %n проблемы</numerusform>
            <numerusform>%1 не прошёл проверку: %n проблем</numerusform>
        </translation>
    </message>
    <message>
        <source>Not signed (no .sig beside the file).</source>
        <translation>Не подписан (рядом с файлом нет .sig).</translation>
    </message>
    <message>
        <source>Signature INVALID.</source>
        <translation>Подпись НЕВЕРНА.</translation>
    </message>
    <message>
        <source>Claimed signer: %1</source>
        <translation>Заявленный автор подписи: %1</translation>
    </message>
    <message>
        <source>Signature valid.</source>
        <translation>Подпись верна.</translation>
    </message>
    <message>
        <source>Signer: %1</source>
        <translation>Автор подписи: %1</translation>
    </message>
    <message>
        <source>Trusted key: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Доверенный ключ: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>This signer is not in your trusted keys.</source>
        <translation>Этого автора подписи нет в ваших доверенных ключах.</translation>
    </message>
    <message>
        <source>Sign %1</source>
        <translation>Подпись %1</translation>
    </message>
    <message>
        <source>wrote %1</source>
        <translation>записан %1</translation>
    </message>
    <message>
        <source>SIGNED</source>
        <translation>ПОДПИСАН</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>Записан %1.</translation>
    </message>
    <message>
        <source>Signed %1: wrote %2</source>
        <translation>%1 подписан: записан %2</translation>
    </message>
    <message>
        <source>NOT SIGNED</source>
        <translation>НЕ ПОДПИСАН</translation>
    </message>
    <message>
        <source>Signing failed: %1</source>
        <translation>Подписать не удалось: %1</translation>
    </message>
    <message>
        <source>Signing %1 failed: %2</source>
        <translation>Подписать %1 не удалось: %2</translation>
    </message>
    <message>
        <source>Signing cancelled; no .sig was written.</source>
        <translation>Подписание отменено; файл .sig не записан.</translation>
    </message>
    <message>
        <source>Generate key %1</source>
        <translation>Создание ключа %1</translation>
    </message>
    <message>
        <source>public key %1</source>
        <translation>открытый ключ %1</translation>
    </message>
    <message>
        <source>My key (%1)</source>
        <translation>Мой ключ (%1)</translation>
    </message>
    <message>
        <source>⚠ Keep %1 private. Anyone who has this file can sign models in your name. It was saved readable only by you (mode 0600); back it up somewhere safe and never share it. Share the public key instead:
%2</source>
        <translation>⚠ Храните %1 в тайне. Любой, у кого есть этот файл, может подписывать модели от вашего имени. Он сохранён с доступом только для вас (режим 0600); сделайте резервную копию в надёжном месте и никому его не передавайте. Делитесь открытым ключом:
%2</translation>
    </message>
    <message>
        <source>Generated signing key %1 — keep it private; public key %2</source>
        <translation>Создан ключ подписи %1 — храните его в тайне; открытый ключ %2</translation>
    </message>
    <message>
        <source>Could not create the key: %1</source>
        <translation>Не удалось создать ключ: %1</translation>
    </message>
    <message>
        <source>Key generation failed: %1</source>
        <translation>Ошибка создания ключа: %1</translation>
    </message>
    <message>
        <source>Choose a file to verify or sign</source>
        <translation>Выберите файл для проверки или подписи</translation>
    </message>
    <message>
        <source>CMF files (*.cmf);;All files (*)</source>
        <translation>Файлы CMF (*.cmf);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Choose your private signing key</source>
        <translation>Выберите свой закрытый ключ подписи</translation>
    </message>
    <message>
        <source>Key files (*.key);;All files (*)</source>
        <translation>Файлы ключей (*.key);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Save a new PRIVATE signing key</source>
        <translation>Сохранить новый ЗАКРЫТЫЙ ключ подписи</translation>
    </message>
    <message>
        <source>Key files (*.key)</source>
        <translation>Файлы ключей (*.key)</translation>
    </message>
    <message>
        <source>%1 already exists; keys are never overwritten. Choose another name.</source>
        <translation>%1 уже существует; ключи никогда не перезаписываются. Выберите другое имя.</translation>
    </message>
    <message>
        <source>%1 stopped: the Verify / Sign panel now acts on %2</source>
        <translation>%1 остановлено: панель «Проверка / подпись» теперь работает с %2</translation>
    </message>
    <message>
        <source>Verify / Sign</source>
        <translation>Проверка / подпись</translation>
    </message>
    <message>
        <source>Verify / Sign — %1</source>
        <translation>Проверка / подпись — %1</translation>
    </message>
    <message>
        <source>Not signed: %1 is not a valid CMF file (%2).</source>
        <translation>Не подписан: %1 — некорректный файл CMF (%2).</translation>
    </message>
    <message>
        <source>Refused to sign %1: it is not a valid CMF file: %2</source>
        <translation>Отказ подписать %1: это некорректный файл CMF: %2</translation>
    </message>
    <message numerus="yes">
        <source>Refused to sign %1: it fails verification, %n problem(s)</source>
        <translation>
            <numerusform>Отказ подписать %1: не проходит проверку, %n проблема</numerusform>
            <numerusform>Отказ подписать %1: не проходит проверку, %n проблемы</numerusform>
            <numerusform>Отказ подписать %1: не проходит проверку, %n проблем</numerusform>
        </translation>
    </message>
    <message>
        <source>refused: fails verification</source>
        <translation>отказ: не проходит проверку</translation>
    </message>
    <message>
        <source>refused: not a valid CMF file</source>
        <translation>отказ: некорректный файл CMF</translation>
    </message>
    <message>
        <source>Verifying and signing %1…</source>
        <translation>Проверка и подписание %1…</translation>
    </message>
    <message>
        <source>%1 stopped: the Verify / Sign panel no longer has a file</source>
        <translation>%1 остановлено: у панели «Проверка / подпись» больше нет файла</translation>
    </message>
    <message numerus="yes">
        <source>Not signed: %1 fails verification (%n problem(s)); no .sig was written.</source>
        <translation>
            <numerusform>Не подписан: %1 не проходит проверку (%n проблема); .sig не записан.</numerusform>
            <numerusform>Не подписан: %1 не проходит проверку (%n проблемы); .sig не записан.</numerusform>
            <numerusform>Не подписан: %1 не проходит проверку (%n проблем); .sig не записан.</numerusform>
        </translation>
    </message>
    <message>
        <source>A signature vouches for the file&apos;s bytes; these no longer match what the file recorded when it was written, so it is not signed.</source>
        <translation>Подпись удостоверяет байты файла; они больше не совпадают с тем, что файл записал при создании, поэтому он не подписан.</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>Примечание:</translation>
    </message>
</context>
<context>
    <name>cmfw::VocabTableModel</name>
    <message>
        <source>normal</source>
        <translation>обычный</translation>
    </message>
    <message>
        <source>special</source>
        <translation>специальный</translation>
    </message>
    <message>
        <source>added</source>
        <translation>добавленный</translation>
    </message>
    <message>
        <source>byte</source>
        <translation>байт</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Токен</translation>
    </message>
    <message>
        <source>Decodes to</source>
        <translation>Декодируется в</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Merge rank</source>
        <translation>Ранг слияния</translation>
    </message>
</context>
</TS>
