/**
 * Demo corpus of graph 245 (military). Countries, forces, equipment and exercises are real
 * names; the people and the reported events are invented for the demo (every article's
 * source says so), written in the style of defence news.
 */
import { militaryOntology } from "../../kg/ontology-builtin.js";
import type {
  CorpusDomain,
  CorpusEntity,
  EventDraft,
  Fact,
  FlowDef,
  StoryDraft,
} from "./compose.js";
import { E, list, type Part, type Rng, T } from "./writer.js";

const entities: CorpusEntity[] = [
  // 国家
  {
    name: "中国",
    cls: "国家",
    aliases: ["中方"],
    props: { 首都: "北京", 所在大洲: "亚洲" },
    desc: "东亚国家",
  },
  {
    name: "美国",
    cls: "国家",
    aliases: ["美方"],
    props: { 首都: "华盛顿", 所在大洲: "北美洲" },
    desc: "北美洲国家",
  },
  {
    name: "日本",
    cls: "国家",
    aliases: ["日方"],
    props: { 首都: "东京", 所在大洲: "亚洲" },
    desc: "东亚岛国",
  },
  {
    name: "俄罗斯",
    cls: "国家",
    aliases: ["俄方"],
    props: { 首都: "莫斯科", 所在大洲: "欧洲" },
    desc: "横跨欧亚大陆的国家",
  },
  {
    name: "韩国",
    cls: "国家",
    aliases: ["韩方"],
    props: { 首都: "首尔", 所在大洲: "亚洲" },
    desc: "东亚国家",
  },
  {
    name: "朝鲜",
    cls: "国家",
    aliases: ["朝方"],
    props: { 首都: "平壤", 所在大洲: "亚洲" },
    desc: "东亚国家",
  },
  {
    name: "澳大利亚",
    cls: "国家",
    aliases: ["澳方"],
    props: { 首都: "堪培拉", 所在大洲: "大洋洲" },
    desc: "大洋洲国家",
  },
  {
    name: "菲律宾",
    cls: "国家",
    aliases: ["菲方"],
    props: { 首都: "马尼拉", 所在大洲: "亚洲" },
    desc: "东南亚群岛国家",
  },
  {
    name: "印度",
    cls: "国家",
    aliases: ["印方"],
    props: { 首都: "新德里", 所在大洲: "亚洲" },
    desc: "南亚国家",
  },
  {
    name: "英国",
    cls: "国家",
    aliases: ["英方"],
    props: { 首都: "伦敦", 所在大洲: "欧洲" },
    desc: "西欧岛国",
  },
  // 城市与地区
  { name: "东京", cls: "城市", props: { 所属国家: "日本" }, desc: "日本首都" },
  { name: "华盛顿", cls: "城市", props: { 所属国家: "美国" }, desc: "美国首都" },
  { name: "首尔", cls: "城市", props: { 所属国家: "韩国" }, desc: "韩国首都" },
  { name: "马尼拉", cls: "城市", props: { 所属国家: "菲律宾" }, desc: "菲律宾首都" },
  { name: "釜山", cls: "城市", props: { 所属国家: "韩国" }, desc: "韩国港口城市" },
  { name: "檀香山", cls: "城市", props: { 所属国家: "美国" }, desc: "美国夏威夷州首府" },
  { name: "关岛", cls: "地点", desc: "西太平洋马里亚纳群岛南端的岛屿" },
  { name: "冲绳", cls: "地点", desc: "日本西南部的岛屿地区" },
  { name: "吕宋岛", cls: "地点", desc: "菲律宾最大的岛屿" },
  // 军事基地
  {
    name: "横须贺海军基地",
    cls: "军事基地",
    aliases: ["横须贺基地"],
    props: { 所属国家: "日本", 启用年份: "1945" },
    desc: "美国海军在日本的主要海军基地",
  },
  {
    name: "嘉手纳空军基地",
    cls: "军事基地",
    aliases: ["嘉手纳基地"],
    props: { 所属国家: "日本", 启用年份: "1945" },
    desc: "位于冲绳的美国空军基地",
  },
  {
    name: "安德森空军基地",
    cls: "军事基地",
    aliases: ["安德森基地"],
    props: { 所属国家: "美国", 启用年份: "1944" },
    desc: "位于关岛的美国空军基地",
  },
  {
    name: "范登堡太空军基地",
    cls: "军事基地",
    aliases: ["范登堡基地"],
    props: { 所属国家: "美国", 启用年份: "1941" },
    desc: "美国西海岸的导弹与航天发射基地",
  },
  {
    name: "乌山空军基地",
    cls: "军事基地",
    aliases: ["乌山基地"],
    props: { 所属国家: "韩国", 启用年份: "1951" },
    desc: "位于韩国京畿道的空军基地",
  },
  // 海域
  { name: "南海", cls: "海域", props: { 面积: "约350万平方千米" }, desc: "西太平洋的边缘海" },
  { name: "东海", cls: "海域", props: { 面积: "约77万平方千米" }, desc: "西太平洋的边缘海" },
  {
    name: "黄海",
    cls: "海域",
    props: { 面积: "约38万平方千米" },
    desc: "位于中国大陆与朝鲜半岛之间的边缘海",
  },
  {
    name: "日本海",
    cls: "海域",
    props: { 面积: "约100万平方千米" },
    desc: "位于亚洲大陆与日本列岛之间的边缘海",
  },
  { name: "菲律宾海", cls: "海域", desc: "菲律宾群岛以东的海域" },
  { name: "西太平洋", cls: "海域", desc: "太平洋西部海域" },
  { name: "孟加拉湾", cls: "海域", desc: "印度洋东北部的海湾" },
  { name: "夏威夷海域", cls: "海域", desc: "夏威夷群岛周边海域" },
  // 军队
  {
    name: "美国海军",
    cls: "军队",
    aliases: ["美海军"],
    props: { 所属国家: "美国" },
    desc: "美国武装力量的海上军种",
  },
  {
    name: "美国海军第七舰队",
    cls: "军队",
    aliases: ["第七舰队"],
    props: { 所属国家: "美国", 司令部驻地: "横须贺" },
    desc: "美国海军前沿部署规模最大的舰队",
  },
  {
    name: "美国空军",
    cls: "军队",
    aliases: ["美空军"],
    props: { 所属国家: "美国" },
    desc: "美国武装力量的空中军种",
  },
  {
    name: "美国陆军",
    cls: "军队",
    aliases: ["美陆军"],
    props: { 所属国家: "美国" },
    desc: "美国武装力量的陆上军种",
  },
  {
    name: "日本海上自卫队",
    cls: "军队",
    aliases: ["海上自卫队"],
    props: { 所属国家: "日本" },
    desc: "日本自卫队的海上力量",
  },
  {
    name: "日本航空自卫队",
    cls: "军队",
    aliases: ["航空自卫队"],
    props: { 所属国家: "日本" },
    desc: "日本自卫队的空中力量",
  },
  { name: "韩国海军", cls: "军队", props: { 所属国家: "韩国" }, desc: "韩国武装力量的海上军种" },
  { name: "韩国空军", cls: "军队", props: { 所属国家: "韩国" }, desc: "韩国武装力量的空中军种" },
  {
    name: "澳大利亚皇家海军",
    cls: "军队",
    aliases: ["澳海军"],
    props: { 所属国家: "澳大利亚" },
    desc: "澳大利亚国防军的海上力量",
  },
  {
    name: "英国皇家海军",
    cls: "军队",
    props: { 所属国家: "英国" },
    desc: "英国武装力量的海上军种",
  },
  {
    name: "俄罗斯太平洋舰队",
    cls: "军队",
    props: { 所属国家: "俄罗斯", 司令部驻地: "符拉迪沃斯托克" },
    desc: "俄罗斯海军在太平洋方向的舰队",
  },
  {
    name: "俄罗斯空天军",
    cls: "军队",
    props: { 所属国家: "俄罗斯" },
    desc: "俄罗斯武装力量的空天军种",
  },
  { name: "印度海军", cls: "军队", props: { 所属国家: "印度" }, desc: "印度武装力量的海上军种" },
  {
    name: "菲律宾武装部队",
    cls: "军队",
    aliases: ["菲军"],
    props: { 所属国家: "菲律宾" },
    desc: "菲律宾的国家武装力量",
  },
  {
    name: "中国人民解放军海军",
    cls: "军队",
    aliases: ["中国海军"],
    props: { 所属国家: "中国" },
    desc: "中国人民解放军的海上军种",
  },
  {
    name: "中国人民解放军南部战区",
    cls: "军队",
    aliases: ["南部战区"],
    props: { 所属国家: "中国" },
    desc: "中国人民解放军五大战区之一",
  },
  // 政府机构
  {
    name: "美国国防部",
    cls: "政府机构",
    aliases: ["五角大楼"],
    desc: "美国联邦政府的国防事务部门",
  },
  { name: "日本防卫省", cls: "政府机构", desc: "日本政府的防卫事务部门" },
  { name: "韩国国防部", cls: "政府机构", desc: "韩国政府的国防事务部门" },
  { name: "俄罗斯国防部", cls: "政府机构", desc: "俄罗斯联邦的国防事务部门" },
  { name: "澳大利亚国防部", cls: "政府机构", desc: "澳大利亚政府的国防事务部门" },
  { name: "菲律宾国防部", cls: "政府机构", desc: "菲律宾政府的国防事务部门" },
  { name: "印度国防部", cls: "政府机构", desc: "印度政府的国防事务部门" },
  // 军工企业
  {
    name: "洛克希德·马丁公司",
    cls: "军工企业",
    aliases: ["洛马公司"],
    props: { 总部: "美国马里兰州贝塞斯达", 成立年份: "1995" },
    desc: "美国航空航天与防务企业",
  },
  {
    name: "雷神公司",
    cls: "军工企业",
    props: { 总部: "美国弗吉尼亚州阿灵顿", 成立年份: "1922" },
    desc: "美国导弹与防务电子企业",
  },
  {
    name: "波音公司",
    cls: "军工企业",
    props: { 总部: "美国弗吉尼亚州阿灵顿", 成立年份: "1916" },
    desc: "美国航空航天企业",
  },
  {
    name: "通用动力公司",
    cls: "军工企业",
    props: { 总部: "美国弗吉尼亚州雷斯顿", 成立年份: "1952" },
    desc: "美国防务企业，建造潜艇与装甲车辆",
  },
  {
    name: "三菱重工",
    cls: "军工企业",
    props: { 总部: "日本东京", 成立年份: "1884" },
    desc: "日本重工业与防务企业",
  },
  // 舰艇
  {
    name: "里根号航空母舰",
    cls: "舰艇",
    aliases: ["里根号"],
    props: { 排水量: "约10万吨", 舷号: "CVN-76" },
    desc: "美国海军尼米兹级核动力航空母舰",
  },
  {
    name: "卡尔·文森号航空母舰",
    cls: "舰艇",
    aliases: ["卡尔·文森号"],
    props: { 排水量: "约10万吨", 舷号: "CVN-70" },
    desc: "美国海军尼米兹级核动力航空母舰",
  },
  {
    name: "出云号直升机驱逐舰",
    cls: "舰艇",
    aliases: ["出云号"],
    props: { 排水量: "约2.7万吨", 舷号: "DDH-183" },
    desc: "日本海上自卫队最大的水面舰艇之一",
  },
  {
    name: "世宗大王号驱逐舰",
    cls: "舰艇",
    aliases: ["世宗大王号"],
    props: { 排水量: "约1.1万吨", 舷号: "DDG-991" },
    desc: "韩国海军宙斯盾驱逐舰",
  },
  {
    name: "堪培拉号两栖攻击舰",
    cls: "舰艇",
    aliases: ["堪培拉号"],
    props: { 排水量: "约2.7万吨", 舷号: "L02" },
    desc: "澳大利亚皇家海军两栖攻击舰",
  },
  {
    name: "瓦良格号导弹巡洋舰",
    cls: "舰艇",
    aliases: ["瓦良格号"],
    props: { 排水量: "约1.1万吨", 舷号: "011" },
    desc: "俄罗斯太平洋舰队旗舰",
  },
  {
    name: "伊丽莎白女王号航空母舰",
    cls: "舰艇",
    aliases: ["伊丽莎白女王号"],
    props: { 排水量: "约6.5万吨", 舷号: "R08" },
    desc: "英国皇家海军航空母舰",
  },
  {
    name: "维克兰特号航空母舰",
    cls: "舰艇",
    aliases: ["维克兰特号"],
    props: { 排水量: "约4.5万吨", 舷号: "R11" },
    desc: "印度国产航空母舰",
  },
  {
    name: "南昌舰",
    cls: "舰艇",
    props: { 排水量: "约1.2万吨", 舷号: "101" },
    desc: "中国海军055型驱逐舰首舰",
  },
  {
    name: "密歇根号核潜艇",
    cls: "舰艇",
    aliases: ["密歇根号"],
    props: { 舷号: "SSGN-727" },
    desc: "美国海军俄亥俄级巡航导弹核潜艇",
  },
  // 飞机
  {
    name: "F-35A战斗机",
    cls: "飞机",
    aliases: ["F-35A"],
    props: { 最大速度: "1.6马赫", 作战半径: "约1100千米" },
    desc: "常规起降型第五代战斗机",
  },
  {
    name: "F-35B战斗机",
    cls: "飞机",
    aliases: ["F-35B"],
    props: { 最大速度: "1.6马赫", 作战半径: "约860千米" },
    desc: "短距起飞垂直降落型第五代战斗机",
  },
  {
    name: "B-52H轰炸机",
    cls: "飞机",
    aliases: ["B-52H"],
    props: { 作战半径: "约7000千米" },
    desc: "美国空军远程战略轰炸机",
  },
  {
    name: "P-8A反潜巡逻机",
    cls: "飞机",
    aliases: ["P-8A"],
    props: { 作战半径: "约2200千米" },
    desc: "海上巡逻与反潜飞机",
  },
  {
    name: "MQ-9B无人机",
    cls: "飞机",
    aliases: ["MQ-9B"],
    props: { 作战半径: "约1800千米" },
    desc: "中空长航时无人机",
  },
  {
    name: "图-95MS轰炸机",
    cls: "飞机",
    aliases: ["图-95MS"],
    props: { 作战半径: "约6500千米" },
    desc: "俄罗斯远程战略轰炸机",
  },
  // 导弹、防空反导与陆战装备
  {
    name: "战斧巡航导弹",
    cls: "导弹",
    aliases: ["战斧"],
    props: { 射程: "约1600千米", 制导方式: "惯性+地形匹配+卫星制导" },
    desc: "远程对地攻击巡航导弹",
  },
  {
    name: "火星-18洲际弹道导弹",
    cls: "导弹",
    aliases: ["火星-18"],
    props: { 射程: "超过1.5万千米", 制导方式: "惯性制导" },
    desc: "固体燃料洲际弹道导弹",
  },
  {
    name: "锆石高超音速导弹",
    cls: "导弹",
    aliases: ["锆石"],
    props: { 射程: "约1000千米", 制导方式: "惯性+主动雷达制导" },
    desc: "舰载高超音速巡航导弹",
  },
  {
    name: "烈火-5弹道导弹",
    cls: "导弹",
    aliases: ["烈火-5"],
    props: { 射程: "超过5000千米", 制导方式: "惯性制导" },
    desc: "印度远程弹道导弹",
  },
  {
    name: "民兵-3洲际弹道导弹",
    cls: "导弹",
    aliases: ["民兵-3"],
    props: { 射程: "约1.3万千米", 制导方式: "惯性制导" },
    desc: "美国陆基洲际弹道导弹",
  },
  { name: "萨德反导系统", cls: "防空反导系统", aliases: ["萨德"], desc: "末段高空区域防御系统" },
  { name: "海马斯火箭炮", cls: "陆战装备", aliases: ["海马斯"], desc: "高机动多管火箭炮系统" },
  { name: "堤丰中程导弹系统", cls: "陆战装备", aliases: ["堤丰"], desc: "陆基中程导弹发射系统" },
  // 人物（虚构）
  {
    name: "约翰·米勒",
    cls: "人物",
    props: { 职务: "美国海军第七舰队司令", 国籍: "美国" },
    desc: "演示语料中的虚构人物",
  },
  {
    name: "詹姆斯·卡特",
    cls: "人物",
    props: { 职务: "美国国防部副部长", 国籍: "美国" },
    desc: "演示语料中的虚构人物",
  },
  {
    name: "佐藤健一",
    cls: "人物",
    props: { 职务: "日本防卫大臣", 国籍: "日本" },
    desc: "演示语料中的虚构人物",
  },
  {
    name: "金东焕",
    cls: "人物",
    props: { 职务: "韩国国防部长官", 国籍: "韩国" },
    desc: "演示语料中的虚构人物",
  },
  {
    name: "马克·汤普森",
    cls: "人物",
    props: { 职务: "澳大利亚国防部长", 国籍: "澳大利亚" },
    desc: "演示语料中的虚构人物",
  },
  {
    name: "拉杰什·库马尔",
    cls: "人物",
    props: { 职务: "印度海军参谋长", 国籍: "印度" },
    desc: "演示语料中的虚构人物",
  },
  // 军事演习
  {
    name: "自由之盾-2024",
    cls: "军事演习",
    aliases: ["自由之盾"],
    props: { 首次举办: "2023", 举办周期: "每年" },
    desc: "美韩年度联合军事演习",
  },
  {
    name: "肩并肩-2024",
    cls: "军事演习",
    aliases: ["肩并肩"],
    props: { 首次举办: "1991", 举办周期: "每年" },
    desc: "美菲年度联合军事演习",
  },
  {
    name: "海上联合-2024",
    cls: "军事演习",
    aliases: ["海上联合"],
    props: { 首次举办: "2012", 举办周期: "每年" },
    desc: "中俄海上联合演习",
  },
  {
    name: "利剑-2024",
    cls: "军事演习",
    props: { 首次举办: "1986", 举办周期: "两年一次" },
    desc: "美日联合军事演习",
  },
  {
    name: "马拉巴尔-2024",
    cls: "军事演习",
    aliases: ["马拉巴尔"],
    props: { 首次举办: "1992", 举办周期: "每年" },
    desc: "美日印澳海上联合演习",
  },
  {
    name: "环太平洋-2024",
    cls: "军事演习",
    aliases: ["环太平洋"],
    props: { 首次举办: "1971", 举办周期: "两年一次" },
    desc: "多国海上联合演习",
  },
];

const facts: Fact[] = [
  ["美国海军第七舰队", "隶属于", "美国海军"],
  ["美国海军", "隶属于", "美国国防部"],
  ["美国空军", "隶属于", "美国国防部"],
  ["美国陆军", "隶属于", "美国国防部"],
  ["日本海上自卫队", "隶属于", "日本防卫省"],
  ["日本航空自卫队", "隶属于", "日本防卫省"],
  ["韩国海军", "隶属于", "韩国国防部"],
  ["韩国空军", "隶属于", "韩国国防部"],
  ["澳大利亚皇家海军", "隶属于", "澳大利亚国防部"],
  ["俄罗斯太平洋舰队", "隶属于", "俄罗斯国防部"],
  ["俄罗斯空天军", "隶属于", "俄罗斯国防部"],
  ["菲律宾武装部队", "隶属于", "菲律宾国防部"],
  ["印度海军", "隶属于", "印度国防部"],
  ["里根号航空母舰", "隶属于", "美国海军第七舰队"],
  ["里根号航空母舰", "母港", "横须贺海军基地"],
  ["卡尔·文森号航空母舰", "隶属于", "美国海军"],
  ["出云号直升机驱逐舰", "隶属于", "日本海上自卫队"],
  ["世宗大王号驱逐舰", "隶属于", "韩国海军"],
  ["堪培拉号两栖攻击舰", "隶属于", "澳大利亚皇家海军"],
  ["瓦良格号导弹巡洋舰", "隶属于", "俄罗斯太平洋舰队"],
  ["伊丽莎白女王号航空母舰", "隶属于", "英国皇家海军"],
  ["维克兰特号航空母舰", "隶属于", "印度海军"],
  ["南昌舰", "隶属于", "中国人民解放军海军"],
  ["密歇根号核潜艇", "隶属于", "美国海军"],
  ["洛克希德·马丁公司", "研制", "F-35A战斗机"],
  ["洛克希德·马丁公司", "研制", "F-35B战斗机"],
  ["洛克希德·马丁公司", "研制", "萨德反导系统"],
  ["洛克希德·马丁公司", "研制", "海马斯火箭炮"],
  ["洛克希德·马丁公司", "研制", "堤丰中程导弹系统"],
  ["雷神公司", "研制", "战斧巡航导弹"],
  ["波音公司", "研制", "P-8A反潜巡逻机"],
  ["波音公司", "研制", "B-52H轰炸机"],
  ["通用动力公司", "研制", "密歇根号核潜艇"],
  ["日本航空自卫队", "装备", "F-35A战斗机"],
  ["韩国空军", "装备", "F-35A战斗机"],
  ["美国空军", "装备", "B-52H轰炸机"],
  ["美国海军", "装备", "P-8A反潜巡逻机"],
  ["印度海军", "装备", "P-8A反潜巡逻机"],
  ["美国陆军", "装备", "堤丰中程导弹系统"],
  ["美国陆军", "装备", "海马斯火箭炮"],
  ["美国海军", "装备", "战斧巡航导弹"],
  ["俄罗斯空天军", "装备", "图-95MS轰炸机"],
  ["美国海军第七舰队", "部署于", "横须贺海军基地"],
  ["美国空军", "部署于", "嘉手纳空军基地"],
  ["萨德反导系统", "部署于", "韩国"],
  ["横须贺海军基地", "位于", "日本"],
  ["嘉手纳空军基地", "位于", "冲绳"],
  ["冲绳", "位于", "日本"],
  ["安德森空军基地", "位于", "关岛"],
  ["关岛", "位于", "西太平洋"],
  ["范登堡太空军基地", "位于", "美国"],
  ["乌山空军基地", "位于", "韩国"],
  ["吕宋岛", "位于", "菲律宾"],
  ["釜山", "位于", "韩国"],
  ["檀香山", "位于", "美国"],
  ["约翰·米勒", "指挥", "美国海军第七舰队"],
  ["詹姆斯·卡特", "任职于", "美国国防部"],
  ["佐藤健一", "任职于", "日本防卫省"],
  ["金东焕", "任职于", "韩国国防部"],
  ["马克·汤普森", "任职于", "澳大利亚国防部"],
  ["拉杰什·库马尔", "任职于", "印度海军"],
  ["美国", "同盟", "日本"],
  ["美国", "同盟", "韩国"],
  ["美国", "同盟", "澳大利亚"],
  ["美国", "同盟", "菲律宾"],
  ["韩国海军", "主办", "自由之盾-2024"],
  ["菲律宾武装部队", "主办", "肩并肩-2024"],
  ["美国海军", "主办", "环太平洋-2024"],
  ["印度海军", "主办", "马拉巴尔-2024"],
  ["美国海军", "参加", "自由之盾-2024"],
  ["美国陆军", "参加", "肩并肩-2024"],
  ["中国人民解放军海军", "参加", "海上联合-2024"],
  ["俄罗斯太平洋舰队", "参加", "海上联合-2024"],
  ["美国海军第七舰队", "参加", "利剑-2024"],
  ["日本海上自卫队", "参加", "利剑-2024"],
  ["美国海军", "参加", "马拉巴尔-2024"],
  ["日本海上自卫队", "参加", "马拉巴尔-2024"],
  ["澳大利亚皇家海军", "参加", "马拉巴尔-2024"],
  ["日本海上自卫队", "参加", "环太平洋-2024"],
  ["韩国海军", "参加", "环太平洋-2024"],
  ["澳大利亚皇家海军", "参加", "环太平洋-2024"],
  ["日本防卫省", "采购", "战斧巡航导弹"],
  ["印度国防部", "采购", "MQ-9B无人机"],
];

const factSentences: CorpusDomain["factSentences"] = {
  隶属于: [(s, o) => [E(s), "隶属于", E(o), "。"], (s, o) => [E(s), "在编制上隶属于", E(o), "。"]],
  母港: [(s, o) => [E(s), "的母港为", E(o), "。"], (s, o) => [E(s), "以", E(o), "为母港。"]],
  研制: [(s, o) => [E(o), "由", E(s), "研制。"], (s, o) => [E(s), "是", E(o), "的主要研制商。"]],
  装备: [
    (s, o) => [E(s), "目前装备有", E(o), "。"],
    (s, o) => [E(o), "是", E(s), "的主力装备之一。"],
  ],
  部署于: [(s, o) => [E(s), "长期部署于", E(o), "。"]],
  位于: [(s, o) => [E(s), "位于", E(o), "。"]],
  指挥: [(s, o) => [E(o), "现由", E(s), "指挥。"]],
  任职于: [(s, o) => [E(s), "现任职于", E(o), "。"]],
  同盟: [
    (s, o) => [E(s), "与", E(o), "是军事同盟关系。"],
    (s, o) => [E(s), "和", E(o), "签有共同防御条约。"],
  ],
  主办: [(s, o) => [E(o), "由", E(s), "主办。"], (s, o) => [E(s), "是", E(o), "的主办方。"]],
  参加: [(s, o) => [E(s), "是", E(o), "的参演方之一。"]],
  采购: [(s, o) => [E(s), "此前已决定引进", E(o), "。"]],
};

/** Facts that mention any of the names: what a report about them can say in the background. */
const about = (...names: string[]): Fact[] =>
  facts.filter((f) => names.includes(f[0]) || names.includes(f[2]));

const exerciseClosings = [
  "分析人士指出，此次行动旨在提升参演各方的协同作战能力。",
  "据悉，参演各方还将就后续训练安排进行交流。",
  "有专家认为，相关行动的规模和科目设置均较往年有所扩大。",
];

function exercise(
  rng: Rng,
  c: {
    exercise: string;
    hosts: string[];
    place: string;
    forces: string[];
    short: string;
    scale: string;
    focus: string;
  },
): EventDraft {
  const lead = rng.pick([
    (d: string): Part[] => [
      d,
      "，",
      ...list(c.hosts),
      "在",
      E(c.place),
      "举行代号为“",
      E(c.exercise),
      "”的联合",
      T("演习"),
      "，",
      c.scale,
      "参加。",
    ],
    (d: string): Part[] => [
      d,
      "起，",
      ...list(c.hosts),
      "在",
      E(c.place),
      "开展",
      E(c.exercise),
      "联合",
      T("演习"),
      "，",
      c.scale,
      "参加。",
    ],
  ]);
  return {
    type: "演习",
    trigger: "演习",
    title: `${c.short}在${c.place}举行“${c.exercise}”联合演习`,
    participants: [
      ...c.hosts.map((entity) => ({ entity, role: "参演方" })),
      ...c.forces.map((entity) => ({ entity, role: "参演兵力" })),
      { entity: c.exercise, role: "演习名称" },
    ],
    place: c.place,
    description: `${c.short}${c.exercise}联合演习，重点检验${c.focus}。`,
    lead,
    followUps: [
      {
        title: `“${c.exercise}”联合演习进入第二阶段`,
        opening: (d) => [
          d,
          "，",
          E(c.exercise),
          "联合",
          T("演习"),
          "进入第二阶段，参演兵力转入",
          c.focus,
          "科目。",
        ],
      },
      {
        title: `“${c.exercise}”联合演习落下帷幕`,
        opening: (d) => [
          d,
          "，为期数天的",
          E(c.exercise),
          "联合",
          T("演习"),
          "在",
          E(c.place),
          "落下帷幕。",
        ],
      },
      {
        title: `${c.short}联合演习的看点与影响`,
        opening: () => [
          "观察人士认为，",
          E(c.exercise),
          "联合",
          T("演习"),
          "的课目设置体现出参演各方对",
          c.focus,
          "的重视。",
        ],
      },
    ],
    details: [
      ["此次行动中，", ...list(c.forces), "等主战装备悉数亮相。"],
      ["行动重点检验", c.focus, "等能力。"],
    ],
    phrase: [...list(c.hosts), "在", E(c.place), "举行", E(c.exercise), "联合", T("演习")],
    closing: exerciseClosings,
    outcome: [...list(c.hosts), "决定在", E(c.place), "举行", E(c.exercise), "联合", T("演习")],
    facts: about(c.exercise, ...c.forces),
  };
}

function launch(
  rng: Rng,
  c: {
    actor: string;
    missile: string;
    toward?: string;
    from?: string;
    short: string;
    detail: string;
    again?: boolean;
  },
): EventDraft {
  const leads: ((d: string) => Part[])[] = [];
  if (c.toward) {
    leads.push((d) => [
      d,
      "，",
      E(c.actor),
      "向",
      E(c.toward!),
      "方向",
      c.again ? "再次" : "",
      T("试射"),
      "了一枚",
      E(c.missile),
      "。",
    ]);
  }
  if (c.from) {
    leads.push((d) => [
      E(c.actor),
      "宣布，",
      d,
      "在",
      E(c.from!),
      "成功",
      T("试射"),
      "一枚",
      E(c.missile),
      "。",
    ]);
  }
  const missileShort = c.missile.replace(/洲际弹道导弹|高超音速导弹|弹道导弹/, "导弹");
  return {
    type: "试射",
    trigger: "试射",
    title: `${c.short}${c.again ? "再次" : ""}试射${c.missile}`,
    participants: [
      { entity: c.actor, role: "试射方" },
      { entity: c.missile, role: "试射装备" },
    ],
    place: c.toward ?? c.from ?? null,
    description: `${c.short}试射${c.missile}。${c.detail}`,
    lead: rng.pick(leads),
    followUps: [
      {
        title: `${c.short}${missileShort}试射引发多方关注`,
        opening: (d) => [
          d,
          "，多国对",
          E(c.actor),
          "日前",
          T("试射"),
          E(c.missile),
          "一事作出回应。",
        ],
      },
      {
        title: `专家解读${c.short}此次${missileShort}试射`,
        opening: () => [
          "专家分析称，",
          E(c.actor),
          "此次",
          T("试射"),
          "的",
          E(c.missile),
          "在射程和突防能力上均有提升。",
        ],
      },
    ],
    details: [[c.detail]],
    phrase: [E(c.actor), T("试射"), E(c.missile)],
    closing: [
      "有关各方呼吁保持克制，避免地区局势进一步紧张。",
      "目前相关方面尚未公布更多技术细节。",
    ],
    facts: about(c.missile),
  };
}

function deploy(
  rng: Rng,
  c: {
    actor: string;
    force: string;
    to: string;
    short: string;
    forceShort: string;
    detail: string;
    quantity?: string;
  },
): EventDraft {
  const lead = rng.pick([
    (d: string): Part[] => [d, "，", E(c.actor), "宣布向", E(c.to), T("部署"), E(c.force), "。"],
    (d: string): Part[] => [
      E(c.actor),
      d,
      "证实，",
      c.quantity ?? "一批",
      E(c.force),
      "已",
      T("部署"),
      "至",
      E(c.to),
      "。",
    ],
  ]);
  return {
    type: "部署",
    trigger: "部署",
    title: `${c.short}向${c.to}部署${c.forceShort}`,
    participants: [
      { entity: c.actor, role: "部署方" },
      { entity: c.force, role: "部署兵力" },
    ],
    place: c.to,
    description: `${c.short}向${c.to}部署${c.forceShort}。${c.detail}`,
    lead,
    followUps: [
      {
        title: `${c.forceShort}部署${c.to}后续进展`,
        opening: (d) => [
          d,
          "，据",
          E(c.actor),
          "透露，",
          T("部署"),
          "在",
          E(c.to),
          "的",
          E(c.force),
          "已完成初步测试。",
        ],
      },
      {
        title: `${c.short}在${c.to}部署${c.forceShort}引发关注`,
        opening: (d) => [
          d,
          "，围绕",
          E(c.actor),
          "在",
          E(c.to),
          T("部署"),
          E(c.force),
          "一事，多方表达了关切。",
        ],
      },
    ],
    details: [[c.detail]],
    phrase: [E(c.actor), "向", E(c.to), T("部署"), E(c.force)],
    closing: [
      "分析人士认为，此举将进一步改变地区力量对比。",
      "有关方面表示，此次行动属于例行安排。",
    ],
    outcome: [E(c.actor), "随即向", E(c.to), T("部署"), E(c.force)],
    facts: about(c.force, c.to),
  };
}

function visit(c: {
  person: string;
  host: string;
  city: string;
  short: string;
  agenda: string;
}): EventDraft {
  return {
    type: "访问",
    trigger: "访问",
    title: `${c.short}访问${c.host}`,
    participants: [
      { entity: c.person, role: "访问方" },
      { entity: c.host, role: "被访方" },
    ],
    place: c.city,
    description: `${c.short}${c.person}对${c.host}进行正式访问，议题包括${c.agenda}。`,
    lead: (d) => [
      d,
      "，",
      E(c.person),
      "抵达",
      E(c.city),
      "，开始对",
      E(c.host),
      "进行为期三天的正式",
      T("访问"),
      "。",
    ],
    followUps: [
      {
        title: `${c.person}结束对${c.host}的访问`,
        opening: (d) => [
          d,
          "，",
          E(c.person),
          "结束对",
          E(c.host),
          "的",
          T("访问"),
          "，启程回国。",
        ],
      },
    ],
    details: [["此行议题包括", c.agenda, "等。"]],
    phrase: [E(c.person), T("访问"), E(c.host)],
    closing: ["外界普遍关注此访能否推动双方防务关系进一步深化。"],
    facts: about(c.person),
  };
}

function talks(c: {
  a: string;
  others: string[];
  city: string;
  short: string;
  topic: string;
}): EventDraft {
  return {
    type: "会谈",
    trigger: "会谈",
    title: `${c.short}在${c.city}举行会谈`,
    participants: [
      { entity: c.a, role: "会谈方" },
      ...c.others.map((entity) => ({ entity, role: "会谈对象" })),
    ],
    place: c.city,
    description: `${c.short}在${c.city}举行会谈，就${c.topic}交换意见。`,
    lead: (d) => [
      d,
      "，",
      ...list([c.a, ...c.others]),
      "在",
      E(c.city),
      "举行",
      T("会谈"),
      "，就",
      c.topic,
      "交换意见。",
    ],
    followUps: [
      {
        title: `${c.short}会谈达成多项共识`,
        opening: (d) => [
          d,
          "，有关方面披露了",
          E(c.a),
          "与",
          E(c.others[0]),
          "此次",
          T("会谈"),
          "的更多细节。",
        ],
      },
    ],
    details: [["双方同意保持密切沟通，并在", c.topic, "方面加强协调。"]],
    phrase: [...list([c.a, ...c.others]), "举行", T("会谈")],
    outcome: [...list([c.a, ...c.others]), "随即举行紧急", T("会谈")],
    closing: ["会后发表的联合声明强调将继续保持高层交往。"],
    facts: about(c.a, ...c.others),
  };
}

function delivery(c: {
  maker: string;
  receiver: string;
  item: string;
  batch: string;
  short: string;
}): EventDraft {
  return {
    type: "交付",
    trigger: "交付",
    title: `${c.short}向${c.receiver}交付${c.item}`,
    participants: [
      { entity: c.maker, role: "交付方" },
      { entity: c.item, role: "交付装备" },
      { entity: c.receiver, role: "接收方" },
    ],
    place: null,
    description: `${c.maker}向${c.receiver}交付${c.batch}${c.item}。`,
    lead: (d) => [d, "，", E(c.maker), "向", E(c.receiver), T("交付"), c.batch, E(c.item), "。"],
    followUps: [
      {
        title: `${c.item}正式列装${c.receiver}`,
        opening: (d) => [
          d,
          "，",
          E(c.receiver),
          "举行仪式，新接收的",
          E(c.item),
          "正式",
          T("列装"),
          "。",
        ],
      },
      {
        title: `${c.receiver}加快${c.item}形成战斗力`,
        opening: () => [
          E(c.receiver),
          "表示，将加快已",
          T("交付"),
          "的",
          E(c.item),
          "的训练进度。",
        ],
      },
    ],
    details: [["按照合同，后续批次将在未来两年内陆续完成。"]],
    phrase: [E(c.maker), "向", E(c.receiver), T("交付"), E(c.item)],
    closing: ["业内人士认为，此举将显著提升接收方的作战能力。"],
    facts: about(c.item),
  };
}

function purchase(c: {
  buyer: string;
  item: string;
  amount: string;
  quantity: string;
}): EventDraft {
  return {
    type: "采购",
    trigger: "采购",
    title: `${c.buyer}宣布采购${c.item}`,
    participants: [
      { entity: c.buyer, role: "采购方" },
      { entity: c.item, role: "采购装备" },
    ],
    place: null,
    description: `${c.buyer}宣布采购${c.quantity}${c.item}，合同金额${c.amount}。`,
    lead: (d) => [
      d,
      "，",
      E(c.buyer),
      "宣布将",
      T("采购"),
      c.quantity,
      E(c.item),
      "，合同金额",
      c.amount,
      "。",
    ],
    followUps: [
      {
        title: `${c.buyer}${c.item}采购计划获批`,
        opening: (d) => [d, "，", E(c.buyer), "的", E(c.item), T("采购"), "计划获得批准。"],
      },
    ],
    details: [["该计划预计分多个年度执行。"]],
    phrase: [E(c.buyer), T("采购"), E(c.item)],
    outcome: [E(c.buyer), "决定", T("采购"), E(c.item)],
    closing: ["分析人士指出，这是近年来该方面规模最大的一笔军购。"],
    facts: about(c.item),
  };
}

function patrol(c: { actors: string[]; ships: string[]; sea: string; short: string }): EventDraft {
  return {
    type: "巡航",
    trigger: "巡航",
    title: `${c.short}在${c.sea}开展巡航`,
    participants: [
      ...c.actors.map((entity) => ({ entity, role: "巡航方" })),
      ...c.ships.map((entity) => ({ entity, role: "巡航兵力" })),
    ],
    place: c.sea,
    description: `${c.short}在${c.sea}开展巡航。`,
    lead: (d) => [
      d,
      "，",
      ...list(c.actors),
      "派出",
      ...list(c.ships),
      "在",
      E(c.sea),
      "开展",
      T("巡航"),
      "。",
    ],
    followUps: [
      {
        title: `${c.short}${c.sea}巡航持续进行`,
        opening: (d) => [d, "，", E(c.actors[0]), "在", E(c.sea), "的", T("巡航"), "进入第二周。"],
      },
      {
        title: `${c.short}结束${c.sea}巡航`,
        opening: (d) => [
          d,
          "，",
          E(c.actors[0]),
          "宣布结束在",
          E(c.sea),
          "的",
          T("巡航"),
          "任务。",
        ],
      },
    ],
    details: [["参与任务的舰机将进行多科目训练。"]],
    phrase: [...list(c.actors), "在", E(c.sea), "开展", T("巡航")],
    closing: ["有关方面表示，此次行动不针对任何第三方。"],
    outcome: [...list(c.actors), "随即在", E(c.sea), "开展", T("巡航")],
    facts: about(...c.ships),
  };
}

const stories: ((rng: Rng) => StoryDraft)[] = [
  (rng) => ({
    events: [
      launch(rng, {
        actor: "朝鲜",
        missile: "火星-18洲际弹道导弹",
        toward: "日本海",
        short: "朝鲜",
        detail: "据日方通报，导弹飞行约70分钟后落入日本海。",
      }),
      talks({
        a: "詹姆斯·卡特",
        others: ["佐藤健一", "金东焕"],
        city: "东京",
        short: "美日韩防务官员",
        topic: "朝鲜半岛局势",
      }),
      exercise(rng, {
        exercise: "自由之盾-2024",
        hosts: ["美国海军", "韩国海军"],
        place: "黄海",
        forces: ["卡尔·文森号航空母舰", "世宗大王号驱逐舰", "F-35A战斗机"],
        short: "美韩",
        scale: "舰艇20余艘、飞机80余架",
        focus: "反导预警和联合火力打击",
      }),
    ],
    gaps: [3, 9],
    links: [
      { type: "cause", from: 0, to: 1 },
      { type: "cause", from: 1, to: 2 },
      { type: "cause", from: 0, to: 2 },
    ],
  }),
  () => ({
    events: [
      purchase({
        buyer: "日本防卫省",
        item: "战斧巡航导弹",
        amount: "约25亿美元",
        quantity: "400枚",
      }),
      delivery({
        maker: "雷神公司",
        receiver: "日本海上自卫队",
        item: "战斧巡航导弹",
        batch: "首批",
        short: "雷神公司",
      }),
    ],
    gaps: [38],
    links: [{ type: "sequence", from: 0, to: 1 }],
  }),
  (rng) => ({
    events: [
      deploy(rng, {
        actor: "美国陆军",
        force: "堤丰中程导弹系统",
        to: "吕宋岛",
        short: "美国陆军",
        forceShort: "堤丰系统",
        detail: "该系统可发射战斧巡航导弹和标准系列导弹。",
      }),
      exercise(rng, {
        exercise: "肩并肩-2024",
        hosts: ["美国陆军", "菲律宾武装部队"],
        place: "吕宋岛",
        forces: ["海马斯火箭炮", "堤丰中程导弹系统", "F-35B战斗机"],
        short: "美菲",
        scale: "约1.6万名官兵",
        focus: "岛屿防御和远程精确打击",
      }),
      patrol({
        actors: ["中国人民解放军南部战区"],
        ships: ["南昌舰"],
        sea: "南海",
        short: "南部战区",
      }),
    ],
    gaps: [6, 7],
    links: [
      { type: "purpose", from: 0, to: 1 },
      { type: "cause", from: 1, to: 2 },
    ],
  }),
  (rng) => ({
    events: [
      exercise(rng, {
        exercise: "海上联合-2024",
        hosts: ["中国人民解放军海军", "俄罗斯太平洋舰队"],
        place: "日本海",
        forces: ["南昌舰", "瓦良格号导弹巡洋舰"],
        short: "中俄",
        scale: "舰艇10余艘、飞机20余架",
        focus: "联合防空反潜和海上搜救",
      }),
      patrol({
        actors: ["中国人民解放军海军", "俄罗斯太平洋舰队"],
        ships: ["南昌舰", "瓦良格号导弹巡洋舰"],
        sea: "西太平洋",
        short: "中俄海军",
      }),
    ],
    gaps: [5],
    links: [{ type: "sequence", from: 0, to: 1 }],
  }),
  (rng) => ({
    events: [
      launch(rng, {
        actor: "俄罗斯",
        missile: "锆石高超音速导弹",
        toward: "日本海",
        short: "俄罗斯",
        detail: "俄方称，导弹准确命中了约300千米外的海上靶标。",
      }),
      exercise(rng, {
        exercise: "利剑-2024",
        hosts: ["美国海军第七舰队", "日本海上自卫队"],
        place: "日本海",
        forces: ["里根号航空母舰", "出云号直升机驱逐舰", "F-35B战斗机"],
        short: "美日",
        scale: "约4.5万名官兵",
        focus: "舰队防空和联合反舰作战",
      }),
    ],
    gaps: [12],
    links: [{ type: "cause", from: 0, to: 1 }],
  }),
  () => ({
    events: [
      visit({
        person: "马克·汤普森",
        host: "日本",
        city: "东京",
        short: "澳大利亚国防部长",
        agenda: "防务装备合作和联合训练",
      }),
      talks({
        a: "马克·汤普森",
        others: ["佐藤健一"],
        city: "东京",
        short: "澳日防长",
        topic: "防务装备合作",
      }),
    ],
    gaps: [1],
    links: [{ type: "concurrent", from: 0, to: 1 }],
  }),
  (rng) => ({
    events: [
      delivery({
        maker: "洛克希德·马丁公司",
        receiver: "韩国空军",
        item: "F-35A战斗机",
        batch: "第二批",
        short: "洛马公司",
      }),
      deploy(rng, {
        actor: "韩国空军",
        force: "F-35A战斗机",
        to: "乌山空军基地",
        short: "韩国空军",
        forceShort: "F-35A战斗机",
        detail: "新接收的战机将主要承担空中警戒任务。",
      }),
    ],
    gaps: [21],
    links: [{ type: "sequence", from: 0, to: 1 }],
  }),
  (rng) => ({
    events: [
      launch(rng, {
        actor: "印度",
        missile: "烈火-5弹道导弹",
        toward: "孟加拉湾",
        short: "印度",
        detail: "此次试验验证了多弹头分导技术。",
      }),
      exercise(rng, {
        exercise: "马拉巴尔-2024",
        hosts: ["印度海军", "美国海军", "日本海上自卫队", "澳大利亚皇家海军"],
        place: "孟加拉湾",
        forces: ["维克兰特号航空母舰", "P-8A反潜巡逻机"],
        short: "美日印澳",
        scale: "舰艇15艘",
        focus: "反潜作战和海上补给",
      }),
    ],
    gaps: [14],
    links: [{ type: "sequence", from: 0, to: 1 }],
  }),
  (rng) => ({
    events: [
      exercise(rng, {
        exercise: "环太平洋-2024",
        hosts: ["美国海军", "日本海上自卫队", "韩国海军", "澳大利亚皇家海军"],
        place: "夏威夷海域",
        forces: ["卡尔·文森号航空母舰", "堪培拉号两栖攻击舰", "P-8A反潜巡逻机"],
        short: "多国",
        scale: "29个国家的约2.5万名官兵",
        focus: "两栖登陆和实弹击沉",
      }),
      patrol({
        actors: ["美国海军第七舰队"],
        ships: ["里根号航空母舰"],
        sea: "菲律宾海",
        short: "美国海军第七舰队",
      }),
    ],
    gaps: [10],
    links: [{ type: "sequence", from: 0, to: 1 }],
  }),
  (rng) => ({
    events: [
      deploy(rng, {
        actor: "美国空军",
        force: "B-52H轰炸机",
        to: "安德森空军基地",
        short: "美国空军",
        forceShort: "B-52H轰炸机",
        detail: "此次部署的轰炸机共有4架。",
      }),
      patrol({
        actors: ["俄罗斯空天军"],
        ships: ["图-95MS轰炸机"],
        sea: "日本海",
        short: "俄罗斯空天军",
      }),
    ],
    gaps: [8],
    links: [{ type: "cause", from: 0, to: 1 }],
  }),
  (rng) => ({
    events: [
      launch(rng, {
        actor: "朝鲜",
        missile: "火星-18洲际弹道导弹",
        toward: "日本海",
        short: "朝鲜",
        detail: "韩方称，导弹最大飞行高度超过6000千米。",
        again: true,
      }),
      deploy(rng, {
        actor: "美国海军",
        force: "密歇根号核潜艇",
        to: "釜山",
        short: "美国海军",
        forceShort: "密歇根号核潜艇",
        detail: "这是该艇今年第二次停靠韩国港口。",
        quantity: "",
      }),
    ],
    gaps: [4],
    links: [{ type: "cause", from: 0, to: 1 }],
  }),
  () => ({
    events: [
      visit({
        person: "拉杰什·库马尔",
        host: "美国",
        city: "华盛顿",
        short: "印度海军参谋长",
        agenda: "海上安全合作和装备采购",
      }),
      talks({
        a: "拉杰什·库马尔",
        others: ["詹姆斯·卡特"],
        city: "华盛顿",
        short: "美印防务官员",
        topic: "无人机采购和海上安全合作",
      }),
      purchase({
        buyer: "印度国防部",
        item: "MQ-9B无人机",
        amount: "约40亿美元",
        quantity: "31架",
      }),
    ],
    gaps: [1, 16],
    links: [
      { type: "concurrent", from: 0, to: 1 },
      { type: "cause", from: 1, to: 2 },
    ],
  }),
];

const flows: FlowDef[] = [
  {
    name: "联合演习组织实施流程",
    description: "从拟制计划到复盘总结的联合演习组织流程",
    steps: [
      { key: "start", name: "开始", kind: "start" },
      {
        key: "plan",
        name: "拟制演习计划",
        kind: "task",
        actor: "作战部门",
        description: "明确演习目的、科目、兵力和时间",
      },
      { key: "submit", name: "上报审批", kind: "task", actor: "作战部门" },
      { key: "approved", name: "审批是否通过", kind: "decision", actor: "上级机关" },
      { key: "revise", name: "修改演习计划", kind: "task", actor: "作战部门" },
      { key: "assemble", name: "兵力集结与部署", kind: "task", actor: "参演部队" },
      { key: "safety", name: "安全检查", kind: "task", actor: "保障部门" },
      { key: "execute", name: "组织演习实施", kind: "task", actor: "导演部" },
      {
        key: "review",
        name: "复盘总结",
        kind: "task",
        actor: "导演部",
        description: "评估演习效果，形成总结报告",
      },
      { key: "end", name: "结束", kind: "end" },
    ],
    transitions: [
      ["start", "plan"],
      ["plan", "submit"],
      ["submit", "approved"],
      ["approved", "revise", "否"],
      ["revise", "submit"],
      ["approved", "assemble", "是"],
      ["assemble", "safety"],
      ["safety", "execute"],
      ["execute", "review"],
      ["review", "end"],
    ],
  },
  {
    name: "装备交付验收流程",
    description: "新装备从签订合同到部队列装的交付验收流程",
    steps: [
      { key: "start", name: "开始", kind: "start" },
      { key: "contract", name: "签订采购合同", kind: "task", actor: "装备部门" },
      { key: "produce", name: "生产制造", kind: "task", actor: "承制单位" },
      { key: "inspect", name: "出厂检验", kind: "task", actor: "军事代表" },
      { key: "passed", name: "检验是否合格", kind: "decision", actor: "军事代表" },
      { key: "rework", name: "返厂整改", kind: "task", actor: "承制单位" },
      { key: "deliver", name: "交付接装", kind: "task", actor: "接装部队" },
      { key: "train", name: "人员培训", kind: "task", actor: "承制单位" },
      { key: "commission", name: "部队列装", kind: "task", actor: "接装部队" },
      { key: "end", name: "结束", kind: "end" },
    ],
    transitions: [
      ["start", "contract"],
      ["contract", "produce"],
      ["produce", "inspect"],
      ["inspect", "passed"],
      ["passed", "rework", "否"],
      ["rework", "inspect"],
      ["passed", "deliver", "是"],
      ["deliver", "train"],
      ["deliver", "commission"],
      ["train", "commission"],
      ["commission", "end"],
    ],
  },
  {
    name: "舰艇编队远海训练保障流程",
    description: "舰艇编队远海训练的出航评估、训练与补给保障流程",
    steps: [
      { key: "start", name: "开始", kind: "start" },
      { key: "route", name: "制定航行计划", kind: "task", actor: "航海部门" },
      { key: "weather", name: "海况气象评估", kind: "task", actor: "气象部门" },
      { key: "ready", name: "是否满足出航条件", kind: "decision", actor: "编队指挥所" },
      { key: "delay", name: "推迟出航", kind: "task", actor: "编队指挥所" },
      { key: "sail", name: "编队出航", kind: "task", actor: "舰艇编队" },
      { key: "train", name: "远海训练", kind: "task", actor: "舰艇编队" },
      { key: "supply", name: "海上补给", kind: "task", actor: "综合补给舰" },
      { key: "return", name: "返航", kind: "task", actor: "舰艇编队" },
      { key: "end", name: "结束", kind: "end" },
    ],
    transitions: [
      ["start", "route"],
      ["route", "weather"],
      ["weather", "ready"],
      ["ready", "delay", "否"],
      ["delay", "weather"],
      ["ready", "sail", "是"],
      ["sail", "train"],
      ["train", "supply"],
      ["supply", "train", "继续训练"],
      ["train", "return", "训练完成"],
      ["return", "end"],
    ],
  },
];

export const militaryCorpus: CorpusDomain = {
  graphId: 245,
  ontology: militaryOntology,
  seed: 245,
  lastDay: "2024-12-28",
  sources: ["演示语料·防务快讯", "演示语料·军事观察", "演示语料·国际防务周刊"],
  entities,
  facts,
  factSentences,
  stories,
  storyCount: stories.length,
  flows,
  background: {
    title: "资料：亚太地区主要军事力量与装备",
    opening: "以下为本刊整理的相关背景资料，供读者参考。",
  },
};
