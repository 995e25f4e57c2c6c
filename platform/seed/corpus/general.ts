/**
 * Demo corpus of graph 246 (general domain): business news. Cities, countries and stock
 * exchanges are real; companies, people, products and events are invented for the demo.
 */
import { generalOntology } from "../../builtin/ontologies.js";
import { corpusDomain, factsAbout, withoutRng, type EventDraft } from "./compose.js";
import data from "./general.json";
import type { Rng } from "../../kg/prng.js";
import { E, list, type Part, T } from "./writer.js";

// The entities, background facts, flows and stories are data (general.json); the writers are here.
const about = factsAbout(data);

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

export const generalCorpus = corpusDomain(data, {
  ontology: generalOntology,
  factSentences: {
    创办: [(s, o) => [E(s), "是", E(o), "的创始人。"], (s, o) => [E(o), "由", E(s), "一手创办。"]],
    任职于: [
      (s, o) => [E(s), "现任职于", E(o), "。"],
      (s, o) => [E(s), "目前在", E(o), "担任高管。"],
    ],
    总部位于: [
      (s, o) => [E(s), "总部位于", E(o), "。"],
      (s, o) => [E(s), "的总部设在", E(o), "。"],
    ],
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
  },
  writers: {
    launchProduct,
    ...withoutRng({ acquire, cooperate, conference, invest, finance, appoint, listing }),
  },
});
