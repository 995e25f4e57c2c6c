/**
 * The two ontologies every fresh store gets: military and general. The demo corpus and the
 * generator build on them; operators edit them (or add their own) in the ontology admin.
 */
export interface ClassDef {
  name: string;
  /** The English label (OWL `rdfs:label "…"@en`). */
  en?: string;
  parent?: string;
  place?: boolean;
  color: string;
  description?: string;
  properties?: {
    name: string;
    en?: string;
    datatype?: "string" | "number" | "date" | "boolean" | "entity";
    required?: boolean;
  }[];
}
export interface RelationTypeDef {
  name: string;
  en?: string;
  domain?: string;
  range?: string;
  description?: string;
}
export interface EventTypeDef {
  name: string;
  en?: string;
  triggers: string[];
  roles: { subject: string; object: string };
  color: string;
}
export interface OntologyDef {
  name: string;
  domain: "military" | "general";
  description: string;
  classes: ClassDef[];
  relationTypes: RelationTypeDef[];
  eventTypes: EventTypeDef[];
}

/** An event type: its name, trigger words, the roles of its subject and object, its colour, its English label. */
const eventType = (
  name: string,
  triggers: string[],
  [subject, object]: [string, string],
  color: string,
  en?: string,
): EventTypeDef => ({ name, en, triggers, roles: { subject, object }, color });

export const militaryOntology: OntologyDef = {
  name: "军事领域本体",
  domain: "military",
  description: "国家、部队、基地、武器装备、演习与军事活动",
  classes: [
    {
      name: "地点",
      en: "Place",
      place: true,
      color: "#91cc75",
      description: "可作为事件发生地的实体",
    },
    {
      name: "国家",
      en: "Country",
      parent: "地点",
      color: "#3ba272",
      properties: [
        { name: "首都", en: "Capital" },
        { name: "所在大洲", en: "Continent" },
      ],
    },
    {
      name: "城市",
      en: "City",
      parent: "地点",
      color: "#73c0de",
      properties: [{ name: "所属国家", en: "Country", datatype: "entity" }],
    },
    {
      name: "军事基地",
      en: "Military base",
      parent: "地点",
      color: "#fac858",
      properties: [
        { name: "所属国家", en: "Country", datatype: "entity" },
        { name: "启用年份", en: "Year opened", datatype: "number" },
      ],
    },
    {
      name: "海域",
      en: "Sea area",
      parent: "地点",
      color: "#5470c6",
      properties: [{ name: "面积", en: "Area" }],
    },
    { name: "组织机构", en: "Organisation", color: "#ee6666" },
    {
      name: "军队",
      en: "Armed force",
      parent: "组织机构",
      color: "#fc8452",
      properties: [
        { name: "所属国家", en: "Country", datatype: "entity" },
        { name: "司令部驻地", en: "Headquarters location" },
        { name: "成立时间", en: "Founded", datatype: "date" },
      ],
    },
    { name: "政府机构", en: "Government body", parent: "组织机构", color: "#e062ae" },
    {
      name: "军工企业",
      en: "Defence company",
      parent: "组织机构",
      color: "#9a60b4",
      properties: [
        { name: "总部", en: "Headquarters" },
        { name: "成立年份", en: "Year founded", datatype: "number" },
      ],
    },
    {
      name: "武器装备",
      en: "Weapons and equipment",
      color: "#6085f2",
      properties: [
        { name: "服役时间", en: "In service since", datatype: "date" },
        { name: "生产商", en: "Manufacturer", datatype: "entity" },
      ],
    },
    {
      name: "舰艇",
      en: "Naval vessel",
      parent: "武器装备",
      color: "#4962c9",
      properties: [
        { name: "排水量", en: "Displacement" },
        { name: "舷号", en: "Hull number" },
      ],
    },
    {
      name: "飞机",
      en: "Aircraft",
      parent: "武器装备",
      color: "#2f8fd8",
      properties: [
        { name: "最大速度", en: "Maximum speed" },
        { name: "作战半径", en: "Combat radius" },
      ],
    },
    {
      name: "导弹",
      en: "Missile",
      parent: "武器装备",
      color: "#c23531",
      properties: [
        { name: "射程", en: "Range" },
        { name: "制导方式", en: "Guidance" },
      ],
    },
    {
      name: "防空反导系统",
      en: "Air and missile defence system",
      parent: "武器装备",
      color: "#d48265",
    },
    { name: "陆战装备", en: "Land warfare equipment", parent: "武器装备", color: "#8c6d31" },
    {
      name: "人物",
      en: "Person",
      color: "#ea7ccc",
      properties: [
        { name: "职务", en: "Position" },
        { name: "国籍", en: "Nationality", datatype: "entity" },
      ],
    },
    {
      name: "军事演习",
      en: "Military exercise",
      color: "#b6a2de",
      properties: [
        { name: "首次举办", en: "First held", datatype: "number" },
        { name: "举办周期", en: "Frequency" },
      ],
    },
  ],
  relationTypes: [
    { name: "隶属于", en: "part of", range: "组织机构", description: "部队或装备的上级单位" },
    { name: "装备", en: "equipped with", domain: "组织机构", range: "武器装备" },
    { name: "部署于", en: "deployed at", range: "地点" },
    { name: "位于", en: "located in", domain: "地点", range: "地点" },
    { name: "研制", en: "develops", domain: "军工企业", range: "武器装备" },
    { name: "参加", en: "takes part in", range: "军事演习" },
    { name: "主办", en: "hosts", range: "军事演习" },
    { name: "指挥", en: "commands", domain: "人物", range: "军队" },
    { name: "任职于", en: "serves in", domain: "人物", range: "组织机构" },
    { name: "母港", en: "home port", domain: "舰艇", range: "军事基地" },
    { name: "采购", en: "procures", range: "武器装备" },
    { name: "同盟", en: "allied with", domain: "国家", range: "国家" },
  ],
  eventTypes: [
    eventType(
      "演习",
      ["演习", "演练", "军演", "联演"],
      ["参演方", "参演兵力"],
      "#c23531",
      "Exercise",
    ),
    eventType(
      "部署",
      ["部署", "进驻", "前出", "驶抵"],
      ["部署方", "部署兵力"],
      "#2f4554",
      "Deployment",
    ),
    eventType(
      "试射",
      ["试射", "试验发射", "发射", "试飞"],
      ["试射方", "试射装备"],
      "#61a0a8",
      "Test launch",
    ),
    eventType("访问", ["访问", "出访", "到访", "会见"], ["访问方", "被访方"], "#d48265", "Visit"),
    eventType("交付", ["交付", "列装", "入列"], ["交付方", "交付装备"], "#91c7ae", "Delivery"),
    eventType("巡航", ["巡航", "巡逻", "远海训练"], ["巡航方", "巡航兵力"], "#749f83", "Patrol"),
    eventType("会谈", ["会谈", "磋商", "对话会"], ["会谈方", "会谈对象"], "#ca8622", "Talks"),
    eventType("采购", ["采购", "购买", "订购"], ["采购方", "采购装备"], "#bda29a", "Procurement"),
  ],
};

export const generalOntology: OntologyDef = {
  name: "通用领域本体",
  domain: "general",
  description: "企业、人物、产品、城市、会议与商业事件",
  classes: [
    { name: "地点", place: true, color: "#91cc75" },
    { name: "国家", parent: "地点", color: "#3ba272" },
    {
      name: "城市",
      parent: "地点",
      color: "#73c0de",
      properties: [{ name: "所属省份" }, { name: "常住人口" }],
    },
    { name: "组织机构", color: "#ee6666" },
    {
      name: "企业",
      parent: "组织机构",
      color: "#fc8452",
      properties: [
        { name: "成立年份", datatype: "number" },
        { name: "所属行业" },
        { name: "员工人数", datatype: "number" },
      ],
    },
    { name: "高校科研机构", parent: "组织机构", color: "#9a60b4" },
    { name: "政府机构", parent: "组织机构", color: "#e062ae" },
    {
      name: "人物",
      color: "#ea7ccc",
      properties: [{ name: "职务" }, { name: "出生年份", datatype: "number" }],
    },
    {
      name: "产品",
      color: "#6085f2",
      properties: [{ name: "发布时间", datatype: "date" }, { name: "售价" }],
    },
    { name: "电子产品", parent: "产品", color: "#4962c9" },
    { name: "汽车", parent: "产品", color: "#2f8fd8" },
    { name: "软件与模型", parent: "产品", color: "#c23531" },
    { name: "零部件", parent: "产品", color: "#d48265" },
    { name: "会议展会", color: "#b6a2de", properties: [{ name: "届次" }, { name: "举办周期" }] },
  ],
  relationTypes: [
    { name: "创办", domain: "人物", range: "组织机构" },
    { name: "任职于", domain: "人物", range: "组织机构" },
    { name: "总部位于", domain: "组织机构", range: "地点" },
    { name: "位于", domain: "地点", range: "地点" },
    { name: "生产", domain: "企业", range: "产品" },
    { name: "供货", domain: "企业", range: "企业", description: "主语向宾语供应零部件或服务" },
    { name: "控股", domain: "企业", range: "企业" },
    { name: "合作伙伴", domain: "组织机构", range: "组织机构" },
    { name: "投资", domain: "组织机构", range: "组织机构" },
    { name: "举办地", domain: "会议展会", range: "地点" },
    { name: "使用", domain: "产品", range: "产品" },
  ],
  eventTypes: [
    eventType("发布", ["发布", "推出", "亮相", "首发"], ["发布方", "发布产品"], "#c23531"),
    eventType("收购", ["收购", "并购", "入股"], ["收购方", "被收购方"], "#2f4554"),
    eventType("合作", ["合作", "签署", "携手", "签约"], ["合作方", "合作伙伴"], "#61a0a8"),
    eventType("召开", ["召开", "举办", "开幕"], ["主办方", "会议"], "#d48265"),
    eventType("投资", ["投资", "建设", "开工", "投产"], ["投资方", "投资项目"], "#91c7ae"),
    eventType("融资", ["融资"], ["融资方", "投资方"], "#749f83"),
    eventType("任命", ["任命", "出任", "接任"], ["任命方", "被任命人"], "#ca8622"),
    eventType("上市", ["挂牌", "敲钟"], ["上市企业", "交易所"], "#bda29a"),
  ],
};

export const builtinOntologies = [militaryOntology, generalOntology];
