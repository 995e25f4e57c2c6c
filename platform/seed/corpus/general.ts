/**
 * Demo corpus of graph 246 (general domain): business news. Cities, countries and stock
 * exchanges are real; companies, people, products and events are invented for the demo.
 */
import { generalOntology } from "../../kg/ontology-builtin.js";
import type { CorpusDomain, CorpusEntity, EventDraft, Fact, StoryDraft } from "./compose.js";
import { E, list, type Part, type Rng, T } from "./writer.js";

const city = (name: string, province: string, desc: string): CorpusEntity => ({
  name,
  cls: "城市",
  props: { 所属省份: province },
  desc,
});

const entities: CorpusEntity[] = [
  { name: "中国", cls: "国家", desc: "东亚国家" },
  city("北京", "北京市", "中国首都"),
  city("上海", "上海市", "中国直辖市，经济金融中心"),
  city("深圳", "广东省", "广东省副省级城市，科技创新中心"),
  city("杭州", "浙江省", "浙江省省会"),
  city("合肥", "安徽省", "安徽省省会"),
  city("宁德", "福建省", "福建省地级市"),
  city("苏州", "江苏省", "江苏省地级市"),
  city("广州", "广东省", "广东省省会"),
  city("成都", "四川省", "四川省省会"),
  city("郑州", "河南省", "河南省省会"),
  city("西安", "陕西省", "陕西省省会"),
  city("香港", "香港特别行政区", "中国特别行政区，国际金融中心"),
  // 企业（虚构）
  {
    name: "星海科技",
    cls: "企业",
    props: { 成立年份: "2009", 所属行业: "消费电子", 员工人数: "32000" },
    desc: "智能手机与平板电脑制造商（虚构）",
  },
  {
    name: "云图智能",
    cls: "企业",
    props: { 成立年份: "2016", 所属行业: "人工智能", 员工人数: "4800" },
    desc: "大模型与人工智能平台企业（虚构）",
  },
  {
    name: "蓝鲸汽车",
    cls: "企业",
    props: { 成立年份: "2014", 所属行业: "新能源汽车", 员工人数: "21000" },
    desc: "新能源汽车制造商（虚构）",
  },
  {
    name: "青禾新能源",
    cls: "企业",
    props: { 成立年份: "2011", 所属行业: "动力电池", 员工人数: "15000" },
    desc: "动力电池与储能企业（虚构）",
  },
  {
    name: "北辰半导体",
    cls: "企业",
    props: { 成立年份: "2012", 所属行业: "集成电路", 员工人数: "6500" },
    desc: "芯片设计企业（虚构）",
  },
  {
    name: "海川电子",
    cls: "企业",
    props: { 成立年份: "2006", 所属行业: "显示面板", 员工人数: "9000" },
    desc: "显示面板制造商（虚构）",
  },
  {
    name: "启元医药",
    cls: "企业",
    props: { 成立年份: "2010", 所属行业: "生物医药", 员工人数: "3200" },
    desc: "创新药研发企业（虚构）",
  },
  {
    name: "联航物流",
    cls: "企业",
    props: { 成立年份: "2013", 所属行业: "物流", 员工人数: "27000" },
    desc: "智慧物流企业（虚构）",
  },
  {
    name: "金穗食品",
    cls: "企业",
    props: { 成立年份: "1998", 所属行业: "食品", 员工人数: "11000" },
    desc: "粮油食品企业（虚构）",
  },
  {
    name: "天穹航天",
    cls: "企业",
    props: { 成立年份: "2018", 所属行业: "商业航天", 员工人数: "1200" },
    desc: "商业运载火箭企业（虚构）",
  },
  {
    name: "瑞安资本",
    cls: "企业",
    props: { 成立年份: "2008", 所属行业: "股权投资" },
    desc: "私募股权投资机构（虚构）",
  },
  {
    name: "远山创投",
    cls: "企业",
    props: { 成立年份: "2012", 所属行业: "风险投资" },
    desc: "风险投资机构（虚构）",
  },
  { name: "上海证券交易所", cls: "组织机构", aliases: ["上交所"], desc: "中国内地证券交易所" },
  { name: "香港交易所", cls: "组织机构", aliases: ["港交所"], desc: "香港的证券交易所" },
  { name: "华东理工研究院", cls: "高校科研机构", desc: "新材料与生物医药研究机构（虚构）" },
  { name: "全国智能产业联盟", cls: "组织机构", desc: "人工智能产业行业组织（虚构）" },
  // 人物（虚构）
  {
    name: "陈立新",
    cls: "人物",
    props: { 职务: "星海科技董事长", 出生年份: "1971" },
    desc: "演示语料中的虚构人物",
  },
  {
    name: "林雪",
    cls: "人物",
    props: { 职务: "云图智能首席执行官", 出生年份: "1983" },
    desc: "演示语料中的虚构人物",
  },
  {
    name: "王建国",
    cls: "人物",
    props: { 职务: "蓝鲸汽车董事长", 出生年份: "1968" },
    desc: "演示语料中的虚构人物",
  },
  {
    name: "赵明远",
    cls: "人物",
    props: { 职务: "青禾新能源董事长", 出生年份: "1969" },
    desc: "演示语料中的虚构人物",
  },
  {
    name: "周晓峰",
    cls: "人物",
    props: { 职务: "北辰半导体首席执行官", 出生年份: "1976" },
    desc: "演示语料中的虚构人物",
  },
  {
    name: "孙丽华",
    cls: "人物",
    props: { 职务: "启元医药董事长", 出生年份: "1972" },
    desc: "演示语料中的虚构人物",
  },
  {
    name: "何志强",
    cls: "人物",
    props: { 职务: "联航物流总裁", 出生年份: "1978" },
    desc: "演示语料中的虚构人物",
  },
  {
    name: "刘佳",
    cls: "人物",
    props: { 职务: "星海科技总裁", 出生年份: "1980" },
    desc: "演示语料中的虚构人物",
  },
  {
    name: "郑凯",
    cls: "人物",
    props: { 职务: "云图智能首席技术官", 出生年份: "1985" },
    desc: "演示语料中的虚构人物",
  },
  {
    name: "吴昊",
    cls: "人物",
    props: { 职务: "瑞安资本合伙人", 出生年份: "1979" },
    desc: "演示语料中的虚构人物",
  },
  // 产品（虚构）
  {
    name: "星海X9手机",
    cls: "电子产品",
    aliases: ["星海X9"],
    props: { 发布时间: "2024", 售价: "4999元起" },
    desc: "星海科技旗舰智能手机",
  },
  {
    name: "星海Pad 5平板",
    cls: "电子产品",
    aliases: ["星海Pad 5"],
    props: { 发布时间: "2024", 售价: "2999元起" },
    desc: "星海科技平板电脑",
  },
  {
    name: "云图大模型3.0",
    cls: "软件与模型",
    aliases: ["云图3.0"],
    props: { 发布时间: "2024" },
    desc: "通用大语言模型",
  },
  {
    name: "蓝鲸S7电动轿车",
    cls: "汽车",
    aliases: ["蓝鲸S7"],
    props: { 发布时间: "2024", 售价: "21.98万元起" },
    desc: "纯电动中型轿车",
  },
  { name: "青禾固态电池", cls: "零部件", props: { 发布时间: "2024" }, desc: "半固态动力电池" },
  {
    name: "北辰K1芯片",
    cls: "零部件",
    aliases: ["北辰K1"],
    props: { 发布时间: "2023" },
    desc: "手机系统级芯片",
  },
  {
    name: "北辰K2芯片",
    cls: "零部件",
    aliases: ["北辰K2"],
    props: { 发布时间: "2024" },
    desc: "端侧人工智能芯片",
  },
  { name: "海川柔性屏", cls: "零部件", props: { 发布时间: "2023" }, desc: "柔性OLED显示屏" },
  { name: "启元-101", cls: "产品", props: { 发布时间: "2024" }, desc: "抗肿瘤创新药" },
  {
    name: "天穹二号运载火箭",
    cls: "产品",
    aliases: ["天穹二号"],
    props: { 发布时间: "2024" },
    desc: "液体燃料中型运载火箭",
  },
  // 会议展会
  {
    name: "星海开发者大会",
    cls: "会议展会",
    props: { 届次: "第六届", 举办周期: "每年" },
    desc: "星海科技年度开发者大会（虚构）",
  },
  {
    name: "世界人工智能大会",
    cls: "会议展会",
    props: { 举办周期: "每年" },
    desc: "人工智能领域的大型会议",
  },
  {
    name: "全球新能源汽车产业峰会",
    cls: "会议展会",
    props: { 举办周期: "每年" },
    desc: "新能源汽车行业峰会（虚构）",
  },
];

const facts: Fact[] = [
  ["陈立新", "创办", "星海科技"],
  ["赵明远", "创办", "青禾新能源"],
  ["林雪", "任职于", "云图智能"],
  ["王建国", "任职于", "蓝鲸汽车"],
  ["周晓峰", "任职于", "北辰半导体"],
  ["孙丽华", "任职于", "启元医药"],
  ["何志强", "任职于", "联航物流"],
  ["刘佳", "任职于", "星海科技"],
  ["郑凯", "任职于", "云图智能"],
  ["吴昊", "任职于", "瑞安资本"],
  ["星海科技", "总部位于", "深圳"],
  ["云图智能", "总部位于", "杭州"],
  ["蓝鲸汽车", "总部位于", "合肥"],
  ["青禾新能源", "总部位于", "宁德"],
  ["北辰半导体", "总部位于", "上海"],
  ["海川电子", "总部位于", "成都"],
  ["启元医药", "总部位于", "苏州"],
  ["联航物流", "总部位于", "广州"],
  ["金穗食品", "总部位于", "郑州"],
  ["天穹航天", "总部位于", "西安"],
  ["瑞安资本", "总部位于", "上海"],
  ["远山创投", "总部位于", "北京"],
  ["全国智能产业联盟", "总部位于", "北京"],
  ["深圳", "位于", "中国"],
  ["杭州", "位于", "中国"],
  ["合肥", "位于", "中国"],
  ["上海", "位于", "中国"],
  ["香港", "位于", "中国"],
  ["星海科技", "生产", "星海X9手机"],
  ["星海科技", "生产", "星海Pad 5平板"],
  ["云图智能", "生产", "云图大模型3.0"],
  ["蓝鲸汽车", "生产", "蓝鲸S7电动轿车"],
  ["青禾新能源", "生产", "青禾固态电池"],
  ["北辰半导体", "生产", "北辰K1芯片"],
  ["北辰半导体", "生产", "北辰K2芯片"],
  ["海川电子", "生产", "海川柔性屏"],
  ["启元医药", "生产", "启元-101"],
  ["天穹航天", "生产", "天穹二号运载火箭"],
  ["星海X9手机", "使用", "北辰K1芯片"],
  ["星海X9手机", "使用", "海川柔性屏"],
  ["星海X9手机", "使用", "云图大模型3.0"],
  ["蓝鲸S7电动轿车", "使用", "青禾固态电池"],
  ["北辰半导体", "供货", "星海科技"],
  ["青禾新能源", "供货", "蓝鲸汽车"],
  ["海川电子", "供货", "星海科技"],
  ["星海科技", "控股", "海川电子"],
  ["星海科技", "合作伙伴", "云图智能"],
  ["蓝鲸汽车", "合作伙伴", "青禾新能源"],
  ["启元医药", "合作伙伴", "华东理工研究院"],
  ["瑞安资本", "投资", "云图智能"],
  ["远山创投", "投资", "云图智能"],
  ["远山创投", "投资", "联航物流"],
  ["瑞安资本", "投资", "金穗食品"],
  ["星海开发者大会", "举办地", "深圳"],
  ["世界人工智能大会", "举办地", "上海"],
  ["全球新能源汽车产业峰会", "举办地", "合肥"],
];

const factSentences: CorpusDomain["factSentences"] = {
  创办: [(s, o) => [E(s), "是", E(o), "的创始人。"], (s, o) => [E(o), "由", E(s), "一手创办。"]],
  任职于: [
    (s, o) => [E(s), "现任职于", E(o), "。"],
    (s, o) => [E(s), "目前在", E(o), "担任高管。"],
  ],
  总部位于: [(s, o) => [E(s), "总部位于", E(o), "。"], (s, o) => [E(s), "的总部设在", E(o), "。"]],
  位于: [(s, o) => [E(s), "位于", E(o), "。"]],
  生产: [(s, o) => [E(o), "由", E(s), "研发生产。"], (s, o) => [E(s), "是", E(o), "的生产商。"]],
  使用: [(s, o) => [E(s), "搭载了", E(o), "。"], (s, o) => [E(s), "采用了", E(o), "。"]],
  供货: [
    (s, o) => [E(s), "是", E(o), "的核心供应商。"],
    (s, o) => [E(s), "长期为", E(o), "供货。"],
  ],
  控股: [
    (s, o) => [E(s), "目前控股", E(o), "。"],
    (s, o) => [E(o), "已成为", E(s), "的控股子公司。"],
  ],
  合作伙伴: [(s, o) => [E(s), "与", E(o), "是长期合作伙伴。"]],
  投资: [
    (s, o) => [E(s), "是", E(o), "的股东之一。"],
    (s, o) => [E(s), "此前曾多次注资", E(o), "。"],
  ],
  举办地: [(s, o) => [E(s), "的主会场设在", E(o), "。"]],
};

const about = (...names: string[]): Fact[] =>
  facts.filter((f) => names.includes(f[0]) || names.includes(f[2]));

function launchProduct(
  rng: Rng,
  c: { company: string; product: string; city: string; highlight: string; retail?: boolean },
): EventDraft {
  const retail = c.retail ?? true;
  const lead = rng.pick([
    (d: string): Part[] => [
      d,
      "，",
      E(c.company),
      "在",
      E(c.city),
      "举行新品活动，正式",
      T("发布"),
      E(c.product),
      "。",
    ],
    (d: string): Part[] => [
      d,
      "晚间，",
      E(c.company),
      "在",
      E(c.city),
      T("发布"),
      "了新一代",
      E(c.product),
      "。",
    ],
  ]);
  return {
    type: "发布",
    trigger: "发布",
    title: `${c.company}发布${c.product}`,
    participants: [
      { entity: c.company, role: "发布方" },
      { entity: c.product, role: "发布产品" },
    ],
    place: c.city,
    description: `${c.company}在${c.city}发布${c.product}，${c.highlight}。`,
    lead,
    followUps: retail
      ? [
          {
            title: `${c.product}开启首销`,
            opening: (d) => [
              d,
              "，",
              E(c.company),
              "日前",
              T("发布"),
              "的",
              E(c.product),
              "开启首销。",
            ],
          },
          {
            title: `${c.product}上市首周表现亮眼`,
            opening: () => [
              "据",
              E(c.company),
              "介绍，新近",
              T("发布"),
              "的",
              E(c.product),
              "上市首周订单量超出预期。",
            ],
          },
        ]
      : [
          {
            title: `${c.product}获得首批订单`,
            opening: (d) => [
              d,
              "，",
              E(c.company),
              "表示，新近",
              T("发布"),
              "的",
              E(c.product),
              "已获得首批客户订单。",
            ],
          },
          {
            title: `${c.company}披露${c.product}更多细节`,
            opening: () => [
              E(c.company),
              "披露了此前",
              T("发布"),
              "的",
              E(c.product),
              "的更多技术细节。",
            ],
          },
        ],
    details: [["新产品", c.highlight, "。"]],
    phrase: [E(c.company), T("发布"), E(c.product)],
    outcome: [E(c.company), "随后", T("发布"), E(c.product)],
    closing: [
      "业内人士认为，新产品将进一步巩固该公司在细分市场的地位。",
      "市场研究机构预计，该产品年内出货量有望实现较快增长。",
    ],
    facts: about(c.product, c.company),
  };
}

function acquire(c: { buyer: string; target: string; amount: string; stake: string }): EventDraft {
  return {
    type: "收购",
    trigger: "收购",
    title: `${c.buyer}拟收购${c.target}${c.stake}股权`,
    participants: [
      { entity: c.buyer, role: "收购方" },
      { entity: c.target, role: "被收购方" },
    ],
    place: null,
    description: `${c.buyer}拟以${c.amount}收购${c.target}${c.stake}股权。`,
    lead: (d) => [
      d,
      "，",
      E(c.buyer),
      "发布公告称，拟以",
      c.amount,
      T("收购"),
      E(c.target),
      c.stake,
      "的股权。",
    ],
    followUps: [
      {
        title: `${c.buyer}收购${c.target}获监管批准`,
        opening: (d) => [d, "，", E(c.buyer), T("收购"), E(c.target), "一事获得监管部门批准。"],
      },
      {
        title: `${c.buyer}完成对${c.target}的收购`,
        opening: (d) => [d, "，", E(c.buyer), "宣布完成对", E(c.target), "的", T("收购"), "。"],
      },
    ],
    details: [["公告显示，交易完成后双方将在供应链和研发方面深度整合。"]],
    phrase: [E(c.buyer), T("收购"), E(c.target)],
    closing: ["分析师指出，此次交易有助于公司完善上游布局。"],
    facts: about(c.buyer, c.target),
  };
}

function cooperate(c: { a: string; b: string; city: string; field: string }): EventDraft {
  return {
    type: "合作",
    trigger: "签署",
    title: `${c.a}与${c.b}签署战略合作协议`,
    participants: [
      { entity: c.a, role: "合作方" },
      { entity: c.b, role: "合作伙伴" },
    ],
    place: c.city,
    description: `${c.a}与${c.b}签署战略合作协议，在${c.field}等领域展开合作。`,
    lead: (d) => [
      d,
      "，",
      E(c.a),
      "与",
      E(c.b),
      "在",
      E(c.city),
      T("签署"),
      "战略合作协议，双方将在",
      c.field,
      "等领域展开深度合作。",
    ],
    followUps: [
      {
        title: `${c.a}与${c.b}首个合作项目启动`,
        opening: (d) => [
          d,
          "，",
          E(c.a),
          "与",
          E(c.b),
          "联合宣布，双方",
          T("合作"),
          "的首个项目正式启动。",
        ],
      },
    ],
    details: [["根据协议，双方将成立联合实验室并共享研发资源。"]],
    phrase: [E(c.a), "与", E(c.b), T("签署"), "战略合作协议"],
    outcome: [E(c.a), "决定与", E(c.b), T("签署"), "战略合作协议"],
    closing: ["双方负责人表示，将推动合作成果尽快落地。"],
    facts: about(c.a, c.b).filter((f) => f[1] !== "总部位于"),
  };
}

function conference(c: { host: string; conf: string; city: string; theme: string }): EventDraft {
  return {
    type: "召开",
    trigger: "开幕",
    title: `${c.conf}在${c.city}开幕`,
    participants: [
      { entity: c.host, role: "主办方" },
      { entity: c.conf, role: "会议" },
    ],
    place: c.city,
    description: `由${c.host}主办的${c.conf}在${c.city}开幕，主题为“${c.theme}”。`,
    lead: (d) => [
      d,
      "，由",
      E(c.host),
      "主办的",
      E(c.conf),
      "在",
      E(c.city),
      T("开幕"),
      "，本届主题为“",
      c.theme,
      "”。",
    ],
    followUps: [
      {
        title: `${c.conf}多场分论坛同期举行`,
        opening: (d) => [
          d,
          "，",
          E(c.conf),
          "进入第二天，多场分论坛在",
          E(c.city),
          "同期",
          T("举办"),
          "。",
        ],
      },
      {
        title: `${c.conf}闭幕`,
        opening: (d) => [d, "，在", E(c.city), T("召开"), "的", E(c.conf), "闭幕。"],
      },
    ],
    details: [["大会吸引了来自全球的数千名嘉宾参加。"]],
    phrase: [E(c.conf), "在", E(c.city), T("召开")],
    closing: ["主办方表示，大会期间共有数十家企业集中展示最新成果。"],
    facts: about(c.conf, c.host),
  };
}

function invest(c: {
  company: string;
  amount: string;
  city: string;
  product: string;
  year: string;
}): EventDraft {
  return {
    type: "投资",
    trigger: "投资",
    title: `${c.company}拟投资${c.amount}在${c.city}建设生产基地`,
    participants: [
      { entity: c.company, role: "投资方" },
      { entity: c.product, role: "投资项目" },
    ],
    place: c.city,
    description: `${c.company}投资${c.amount}在${c.city}建设${c.product}生产基地。`,
    lead: (d) => [
      d,
      "，",
      E(c.company),
      "宣布",
      T("投资"),
      c.amount,
      "在",
      E(c.city),
      "建设",
      E(c.product),
      "生产基地，预计",
      c.year,
      "建成。",
    ],
    followUps: [
      {
        title: `${c.company}${c.city}生产基地开工`,
        opening: (d) => [
          d,
          "，",
          E(c.company),
          "位于",
          E(c.city),
          "的",
          E(c.product),
          "生产基地正式",
          T("开工"),
          "。",
        ],
      },
    ],
    details: [["项目全部达产后，预计年产值将超过百亿元。"]],
    phrase: [E(c.company), T("投资"), "建设", E(c.product), "生产基地"],
    outcome: [E(c.company), "宣布", T("投资"), "建设", E(c.product), "生产基地"],
    closing: ["当地有关部门表示，将全力做好项目服务保障。"],
    facts: about(c.product, c.company),
  };
}

function finance(c: {
  company: string;
  investors: string[];
  amount: string;
  round: string;
}): EventDraft {
  return {
    type: "融资",
    trigger: "融资",
    title: `${c.company}完成${c.amount}${c.round}融资`,
    participants: [
      { entity: c.company, role: "融资方" },
      ...c.investors.map((entity) => ({ entity, role: "投资方" })),
    ],
    place: null,
    description: `${c.company}完成${c.amount}${c.round}融资。`,
    lead: (d) => [
      d,
      "，",
      E(c.company),
      "宣布完成",
      c.amount,
      c.round,
      T("融资"),
      "，本轮由",
      ...list(c.investors),
      "领投。",
    ],
    followUps: [
      {
        title: `${c.company}披露${c.round}融资资金用途`,
        opening: (d) => [
          d,
          "，",
          E(c.company),
          "披露，本轮",
          T("融资"),
          "所得将主要用于研发投入。",
        ],
      },
    ],
    details: [["这是该公司成立以来规模最大的一轮资金募集。"]],
    phrase: [E(c.company), "完成", c.round, T("融资")],
    closing: ["投资方表示看好公司的长期发展前景。"],
    facts: about(c.company, ...c.investors).filter((f) => f[1] === "投资" || f[1] === "任职于"),
  };
}

function appoint(c: { company: string; person: string; title: string }): EventDraft {
  return {
    type: "任命",
    trigger: "任命",
    title: `${c.company}任命${c.person}为${c.title}`,
    participants: [
      { entity: c.company, role: "任命方" },
      { entity: c.person, role: "被任命人" },
    ],
    place: null,
    description: `${c.company}任命${c.person}为公司${c.title}。`,
    lead: (d) => [
      d,
      "，",
      E(c.company),
      "发布公告，",
      T("任命"),
      E(c.person),
      "为公司",
      c.title,
      "。",
    ],
    followUps: [
      {
        title: `${c.person}正式履新`,
        opening: (d) => [d, "，", E(c.person), "正式", T("出任"), E(c.company), c.title, "。"],
      },
    ],
    details: [["公告称，此次调整旨在加强公司的经营管理。"]],
    phrase: [E(c.company), T("任命"), E(c.person), "为", c.title],
    outcome: [E(c.company), "随后", T("任命"), E(c.person), "为", c.title],
    closing: ["多位业内人士对这一人事变动表示关注。"],
    facts: about(c.person),
  };
}

function listing(c: { company: string; exchange: string; rise: string }): EventDraft {
  return {
    type: "上市",
    trigger: "挂牌",
    title: `${c.company}在${c.exchange}挂牌上市`,
    participants: [
      { entity: c.company, role: "上市企业" },
      { entity: c.exchange, role: "交易所" },
    ],
    place: null,
    description: `${c.company}在${c.exchange}挂牌上市，首日股价上涨${c.rise}。`,
    lead: (d) => [
      d,
      "，",
      E(c.company),
      "在",
      E(c.exchange),
      "正式",
      T("挂牌"),
      "上市，首日股价上涨",
      c.rise,
      "。",
    ],
    followUps: [
      {
        title: `${c.company}上市后首份财报出炉`,
        opening: (d) => [d, "，", T("挂牌"), "上市不久的", E(c.company), "发布首份季度财报。"],
      },
    ],
    details: [["本次发行募集资金将用于新产品研发和产能扩充。"]],
    phrase: [E(c.company), "在", E(c.exchange), T("挂牌"), "上市"],
    closing: ["市场人士认为，公司上市后的表现将成为行业风向标。"],
    facts: about(c.company).filter((f) => f[1] !== "投资"),
  };
}

const stories: ((rng: Rng) => StoryDraft)[] = [
  (rng) => ({
    events: [
      finance({
        company: "云图智能",
        investors: ["瑞安资本", "远山创投"],
        amount: "10亿元",
        round: "C轮",
      }),
      launchProduct(rng, {
        company: "云图智能",
        product: "云图大模型3.0",
        city: "杭州",
        highlight: "在推理速度和多模态理解能力上显著提升",
        retail: false,
      }),
      cooperate({ a: "星海科技", b: "云图智能", city: "深圳", field: "端侧大模型" }),
    ],
    gaps: [20, 12],
    links: [
      { type: "sequence", from: 0, to: 1 },
      { type: "cause", from: 1, to: 2 },
    ],
  }),
  (rng) => ({
    events: [
      cooperate({ a: "蓝鲸汽车", b: "青禾新能源", city: "合肥", field: "固态电池和整车集成" }),
      invest({
        company: "青禾新能源",
        amount: "120亿元",
        city: "宁德",
        product: "青禾固态电池",
        year: "2026年",
      }),
      launchProduct(rng, {
        company: "蓝鲸汽车",
        product: "蓝鲸S7电动轿车",
        city: "合肥",
        highlight: "续航里程超过800公里",
      }),
    ],
    gaps: [15, 30],
    links: [
      { type: "cause", from: 0, to: 1 },
      { type: "sequence", from: 1, to: 2 },
    ],
  }),
  () => ({
    events: [
      acquire({ buyer: "星海科技", target: "海川电子", amount: "36亿元", stake: "51%" }),
      invest({
        company: "海川电子",
        amount: "50亿元",
        city: "成都",
        product: "海川柔性屏",
        year: "2025年底",
      }),
    ],
    gaps: [25],
    links: [{ type: "cause", from: 0, to: 1 }],
  }),
  (rng) => ({
    events: [
      conference({
        host: "星海科技",
        conf: "星海开发者大会",
        city: "深圳",
        theme: "万物互联，智慧共生",
      }),
      launchProduct(rng, {
        company: "星海科技",
        product: "星海X9手机",
        city: "深圳",
        highlight: "首次搭载端侧大模型",
      }),
    ],
    gaps: [0],
    links: [{ type: "concurrent", from: 0, to: 1 }],
  }),
  () => ({
    events: [
      listing({ company: "北辰半导体", exchange: "上海证券交易所", rise: "128%" }),
      invest({
        company: "北辰半导体",
        amount: "80亿元",
        city: "上海",
        product: "北辰K2芯片",
        year: "2026年",
      }),
    ],
    gaps: [18],
    links: [{ type: "cause", from: 0, to: 1 }],
  }),
  (rng) => ({
    events: [
      appoint({ company: "星海科技", person: "刘佳", title: "总裁" }),
      launchProduct(rng, {
        company: "星海科技",
        product: "星海Pad 5平板",
        city: "深圳",
        highlight: "支持手写笔和多屏协同",
      }),
    ],
    gaps: [26],
    links: [{ type: "sequence", from: 0, to: 1 }],
  }),
  (rng) => ({
    events: [
      cooperate({ a: "启元医药", b: "华东理工研究院", city: "苏州", field: "抗肿瘤新药研发" }),
      launchProduct(rng, {
        company: "启元医药",
        product: "启元-101",
        city: "苏州",
        highlight: "在三期临床试验中显示出良好疗效",
        retail: false,
      }),
    ],
    gaps: [40],
    links: [{ type: "cause", from: 0, to: 1 }],
  }),
  (rng) => ({
    events: [
      conference({
        host: "全国智能产业联盟",
        conf: "世界人工智能大会",
        city: "上海",
        theme: "智联世界，共创未来",
      }),
      launchProduct(rng, {
        company: "北辰半导体",
        product: "北辰K2芯片",
        city: "上海",
        highlight: "人工智能算力较上一代提升三倍",
        retail: false,
      }),
    ],
    gaps: [1],
    links: [{ type: "concurrent", from: 0, to: 1 }],
  }),
  () => ({
    events: [
      finance({ company: "联航物流", investors: ["远山创投"], amount: "5亿元", round: "B轮" }),
      appoint({ company: "联航物流", person: "何志强", title: "总裁" }),
    ],
    gaps: [12],
    links: [{ type: "sequence", from: 0, to: 1 }],
  }),
  () => ({
    events: [
      acquire({ buyer: "瑞安资本", target: "金穗食品", amount: "12亿元", stake: "30%" }),
      appoint({ company: "金穗食品", person: "吴昊", title: "董事" }),
    ],
    gaps: [30],
    links: [{ type: "cause", from: 0, to: 1 }],
  }),
  (rng) => ({
    events: [
      listing({ company: "天穹航天", exchange: "香港交易所", rise: "35%" }),
      launchProduct(rng, {
        company: "天穹航天",
        product: "天穹二号运载火箭",
        city: "西安",
        highlight: "近地轨道运载能力达到6吨",
        retail: false,
      }),
    ],
    gaps: [22],
    links: [{ type: "cause", from: 0, to: 1 }],
  }),
  (_rng) => ({
    events: [
      conference({
        host: "蓝鲸汽车",
        conf: "全球新能源汽车产业峰会",
        city: "合肥",
        theme: "电动化与智能化",
      }),
      cooperate({ a: "蓝鲸汽车", b: "北辰半导体", city: "合肥", field: "智能驾驶芯片" }),
      invest({
        company: "蓝鲸汽车",
        amount: "60亿元",
        city: "合肥",
        product: "蓝鲸S7电动轿车",
        year: "2026年",
      }),
    ],
    gaps: [1, 9],
    links: [
      { type: "concurrent", from: 0, to: 1 },
      { type: "cause", from: 1, to: 2 },
    ],
  }),
];

export const generalCorpus: CorpusDomain = {
  graphId: 246,
  ontology: generalOntology,
  seed: 246,
  lastDay: "2024-12-28",
  sources: ["演示语料·财经快讯", "演示语料·科技日报", "演示语料·产业观察"],
  entities,
  facts,
  factSentences,
  stories,
  storyCount: stories.length,
  flows: [],
  background: {
    title: "资料：相关企业、产品与城市概况",
    opening: "以下为本报整理的相关背景资料，供读者参考。",
  },
};
